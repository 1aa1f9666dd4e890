import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { fakeServer } from './testing/fakeServer';
import AddressBook from './AddressBook';
import AddressForm from './AddressForm';
import { INDIAN_STATES } from '../../constants/indianStates';
import { MESSAGES } from '../../constants/messages';

vi.setConfig({ testTimeout: 20_000 });

async function fill(user, input, value) {
  await user.click(input);
  await user.paste(value);
}

const HOME = {
  _id: 1,
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Pune',
  state: 'Maharashtra',
  stateCode: '27',
  pincode: '411001',
  isDefault: true,
};
const WORK = {
  ...HOME,
  _id: 2,
  line1: '5 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  stateCode: '29',
  pincode: '560025',
  isDefault: false,
};

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
});

describe('AddressForm', () => {
  it('labels every field, offers the 36 states and types the PIN code as numbers', () => {
    render(<AddressForm title="Add an address" onSubmit={vi.fn()} />);
    for (const label of [
      'Full name',
      'Phone',
      'Address line 1',
      'Address line 2 (optional)',
      'City',
      'State',
      'PIN code',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    const states = [...screen.getByLabelText('State').options].slice(1).map((o) => o.value);
    expect(states).toHaveLength(36);
    expect(states).toEqual(INDIAN_STATES.map((s) => s.name));
    expect(screen.getByLabelText('PIN code')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
  });

  it('says what is missing or malformed under the fields, sends nothing, focuses the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddressForm title="Add an address" onSubmit={onSubmit} />);
    await fill(user, screen.getByLabelText('Phone'), '12345');
    await fill(user, screen.getByLabelText('PIN code'), '4110');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      MESSAGES.fieldRequired('Full name'),
    );
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(MESSAGES.invalidPhone);
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription(MESSAGES.invalidPincode);
    expect(screen.getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Address line 2 (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.formHasErrors);
  });

  it('sends the contract’s fields, trimmed, without stateCode; shows the server’s field errors', async () => {
    const user = userEvent.setup();
    const refusal = Object.assign(new Error('400'), {
      response: {
        status: 400,
        data: {
          success: false,
          message: 'PIN code 110001 is in Delhi, not Maharashtra.',
          errors: { pincode: ['PIN code 110001 is in Delhi, not Maharashtra.'] },
        },
      },
    });
    const onSubmit = vi.fn().mockRejectedValue(refusal);
    render(<AddressForm title="Add an address" onSubmit={onSubmit} />);
    await fill(user, screen.getByLabelText('Full name'), ' Asha Rao ');
    await fill(user, screen.getByLabelText('Phone'), '98765 43210');
    await fill(user, screen.getByLabelText('Address line 1'), '12 MG Road');
    await fill(user, screen.getByLabelText('City'), 'Pune');
    await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    await fill(user, screen.getByLabelText('PIN code'), '110001');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Asha Rao',
      phone: '98765 43210',
      line1: '12 MG Road',
      line2: '',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '110001',
    });
    const pin = screen.getByLabelText('PIN code');
    await waitFor(() =>
      expect(pin).toHaveAccessibleDescription('PIN code 110001 is in Delhi, not Maharashtra.'),
    );
    expect(pin).toHaveFocus();
  });
});

describe('AddressBook', () => {
  function open(list, routes = {}) {
    let addresses = list;
    server = fakeServer({
      'GET /api/v1/auth/addresses': () => ({ data: addresses }),
      ...routes,
    });
    const onDefaultChange = vi.fn();
    render(
      <>
        <Toaster />
        <AddressBook onDefaultChange={onDefaultChange} />
      </>,
    );
    return { onDefaultChange, setList: (next) => (addresses = next) };
  }

  it('lists the addresses with the default first and marked, and says when there are none', async () => {
    open([HOME, WORK]);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByText('Default')).toBeInTheDocument(); // the badge
    expect(items[0]).toHaveTextContent('Pune, Maharashtra 411001');
    expect(within(items[0]).queryByRole('button', { name: /Make Default/ })).toBeNull();
    expect(within(items[1]).queryByText('Default')).toBeNull();
    expect(within(items[1]).getByRole('button', { name: /Make Default/ })).toBeInTheDocument();
    server.restore();
    open([]);
    expect(await screen.findByText(MESSAGES.noAddresses)).toBeInTheDocument();
  });

  it('makes another address the default with a PUT and tells the page the new text', async () => {
    const user = userEvent.setup();
    const book = open([HOME, WORK], {
      'PUT /api/v1/auth/addresses/2': (body) => {
        book.setList([
          { ...WORK, isDefault: true },
          { ...HOME, isDefault: false },
        ]);
        return { data: { success: true, address: { ...body, _id: 2 } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Make Default: .*Residency/ }));
    await waitFor(() => expect(screen.getAllByTestId('default-badge')).toHaveLength(1));
    const put = server.calls.find((call) => call.key === 'PUT /api/v1/auth/addresses/2');
    expect(put.body).toEqual({
      name: 'Asha Rao',
      phone: '9876543210',
      line1: '5 Residency Road',
      line2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      isDefault: true,
    });
    const [first] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('5 Residency Road');
    expect(first).toHaveTextContent('Default');
    expect(book.onDefaultChange).toHaveBeenCalledWith(
      'Asha Rao, 5 Residency Road, Bengaluru, Karnataka 560025. Phone 9876543210',
    );
  });

  it('adds an address from the form and returns focus to Add Address', async () => {
    const user = userEvent.setup();
    const book = open([], {
      'POST /api/v1/auth/addresses': (body) => {
        book.setList([{ ...body, _id: 9, stateCode: '27', isDefault: true }]);
        return { status: 201, data: { success: true } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    await fill(user, screen.getByLabelText('Full name'), 'Asha Rao');
    await fill(user, screen.getByLabelText('Phone'), '9876543210');
    await fill(user, screen.getByLabelText('Address line 1'), '12 MG Road');
    await fill(user, screen.getByLabelText('City'), 'Pune');
    await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    await fill(user, screen.getByLabelText('PIN code'), '411001');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('default-badge')).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Address' })).toHaveFocus());
    // The first address is the default: the profile's address is now its text.
    expect(book.onDefaultChange).toHaveBeenCalledWith(
      'Asha Rao, 12 MG Road, Pune, Maharashtra 411001. Phone 9876543210',
    );
  });

  it('deletes only after confirmation; Keep it changes nothing', async () => {
    const user = userEvent.setup();
    const book = open([HOME, WORK], {
      'DELETE /api/v1/auth/addresses/1': () => {
        book.setList([{ ...WORK, isDefault: true }]);
        return { data: { success: true } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Delete: .*MG Road/ }));
    const dialog = screen.getByRole('dialog', { name: MESSAGES.deleteAddressTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await user.click(screen.getByRole('button', { name: /Delete: .*MG Road/ }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete', exact: true }),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('Default');
    expect(book.onDefaultChange).toHaveBeenCalledWith(expect.stringContaining('Residency'));
  });

  it('edits in place, keeping whether the address is the default', async () => {
    const user = userEvent.setup();
    open([HOME], {
      'PUT /api/v1/auth/addresses/1': { data: { success: true } },
    });
    await user.click(await screen.findByRole('button', { name: /Edit: / }));
    const city = screen.getByLabelText('City');
    expect(city).toHaveValue('Pune');
    await user.clear(city);
    await user.paste('Pimpri');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.key === 'PUT /api/v1/auth/addresses/1').body).toMatchObject(
        { city: 'Pimpri', isDefault: true },
      ),
    );
  });
});
