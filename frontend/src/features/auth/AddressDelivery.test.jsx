// Delivery said where the PIN code is typed: the address form's live line (one delivery
// call per PIN code, once it has six digits), the address book's mark on an address the
// shop does not serve, and the cart's chooser, which will not take it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { fakeServer } from './testing/fakeServer';
import AddressBook from './AddressBook';
import AddressChooser from './AddressChooser';
import AddressForm from './AddressForm';
import { deliveryText } from './deliveryChecks';
// The page hands the shop's delivery call in; a test is a harness and may too.
import { checkDelivery } from '../shop/api';

vi.setConfig({ testTimeout: 20_000 });

// The delivery call's answers, as orders/delivery_views.py gives them.
const SERVED = {
  success: true,
  pincode: '560001',
  serviceable: true,
  cod: true,
  state: 'Karnataka',
  city: 'Bengaluru',
};
const NO_CASH = { ...SERVED, pincode: '600001', cod: false, state: 'Tamil Nadu', city: 'Chennai' };
const UNSERVED = {
  success: true,
  pincode: '999999',
  serviceable: false,
  cod: false,
  state: '',
  city: '',
};
const DELIVERY = {
  'GET /api/v1/delivery/560001': { data: SERVED },
  'GET /api/v1/delivery/600001': { data: NO_CASH },
  'GET /api/v1/delivery/999999': { data: UNSERVED },
  'GET /api/v1/delivery/781001': {
    data: { ...UNSERVED, pincode: '781001', state: 'Assam', city: 'Guwahati' },
  },
};
const asked = (pin) => server.calls.filter((call) => call.key === `GET /api/v1/delivery/${pin}`);

const HOME = {
  _id: 1,
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  stateCode: '29',
  pincode: '560001',
  isDefault: true,
};
const FAR = {
  ...HOME,
  _id: 2,
  line1: '3 GS Road',
  city: 'Guwahati',
  state: 'Assam',
  stateCode: '18',
  pincode: '781001',
  isDefault: false,
};

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
});

describe('deliveryText', () => {
  it('says where the shop delivers and whether it collects cash', () => {
    expect(deliveryText({ ...SERVED })).toBe(
      'We deliver to 560001 (Karnataka); cash on delivery available.',
    );
    expect(deliveryText({ ...NO_CASH })).toBe(
      'We deliver to 600001 (Tamil Nadu); cash on delivery is not available there.',
    );
    expect(deliveryText({ ...UNSERVED })).toBe('We do not deliver to 999999 yet.');
  });
});

describe('AddressForm’s PIN code line', () => {
  it('asks once the PIN code has six digits, once per PIN code, in a live line', async () => {
    const user = userEvent.setup();
    server = fakeServer(DELIVERY);
    render(<AddressForm title="Add an address" onSubmit={vi.fn()} checkDelivery={checkDelivery} />);
    const line = screen.getByTestId('pin-delivery');
    expect(line).toHaveAttribute('aria-live', 'polite');
    const pin = screen.getByLabelText('PIN code');
    await user.type(pin, '56000');
    expect(server.calls).toHaveLength(0); // five digits: nothing asked
    await user.type(pin, '1');
    await waitFor(() =>
      expect(line).toHaveTextContent(
        'We deliver to 560001 (Karnataka); cash on delivery available.',
      ),
    );
    await user.clear(pin);
    expect(line).toHaveTextContent('');
    await user.type(pin, '999999');
    await waitFor(() => expect(line).toHaveTextContent('We do not deliver to 999999 yet.'));
    expect(line).toHaveClass('text-danger');
    await user.clear(pin);
    await user.type(pin, '560001');
    await waitFor(() => expect(line).toHaveTextContent('We deliver to 560001 (Karnataka)'));
    expect(asked('560001')).toHaveLength(1); // typed twice, asked once
    expect(asked('999999')).toHaveLength(1);
  });

  it('says when cash is not collected, and when the check could not be made', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      ...DELIVERY,
      'GET /api/v1/delivery/110001': { status: 503, data: { success: false, message: 'Down' } },
    });
    render(<AddressForm title="Add an address" onSubmit={vi.fn()} checkDelivery={checkDelivery} />);
    const pin = screen.getByLabelText('PIN code');
    const line = screen.getByTestId('pin-delivery');
    await user.type(pin, '600001');
    await waitFor(() => expect(line).toHaveTextContent('cash on delivery is not available there.'));
    await user.clear(pin);
    await user.type(pin, '110001');
    await waitFor(() =>
      expect(line).toHaveTextContent('We could not check delivery to this PIN code just now.'),
    );
  });
});

describe('AddressBook and an address the shop does not serve', () => {
  it('saves it when asked, marks it "We do not deliver here" and says so', async () => {
    const user = userEvent.setup();
    let list = [HOME];
    server = fakeServer({
      ...DELIVERY,
      'GET /api/v1/auth/addresses': () => ({ data: list }),
      'POST /api/v1/auth/addresses': (body) => {
        list = [HOME, { ...FAR, ...body, _id: 2, isDefault: false }];
        return {
          status: 201,
          data: {
            success: true,
            message:
              'Address saved. We do not deliver to 781001 yet, so checkout cannot use it and it is not your default address.',
            address: list[1],
          },
        };
      },
    });
    render(
      <>
        <Toaster />
        <AddressBook checkDelivery={checkDelivery} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    await user.type(screen.getByLabelText('Full name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Address line 1'), '3 GS Road');
    await user.type(screen.getByLabelText('City'), 'Guwahati');
    await user.selectOptions(screen.getByLabelText('State'), 'Assam');
    await user.type(screen.getByLabelText('PIN code'), '781001');
    await waitFor(() =>
      expect(screen.getByTestId('pin-delivery')).toHaveTextContent(
        'We do not deliver to 781001 yet.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(
      await screen.findByText(/We do not deliver to 781001 yet, so checkout cannot use it./),
    ).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    await waitFor(() =>
      expect(within(cards[1]).getByTestId('not-delivered-badge')).toHaveTextContent(
        'We do not deliver here',
      ),
    );
    expect(within(cards[0]).queryByTestId('not-delivered-badge')).toBeNull();
    // Saved as asked, not made the default.
    const sent = server.calls.find((call) => call.key === 'POST /api/v1/auth/addresses');
    expect(sent.body.isDefault).toBeUndefined();
    expect(within(cards[0]).getByTestId('default-badge')).toBeInTheDocument();
    expect(asked('781001')).toHaveLength(1);
  });
});

describe('AddressBook without an address the shop delivers to', () => {
  it('shows a first unserved address saved but not the default, says why, and offers no Make Default', async () => {
    const user = userEvent.setup();
    const far = { ...FAR, _id: 7, isDefault: false };
    const away = { ...FAR, _id: 8, line1: '5 Zoo Road', pincode: '999999', isDefault: false };
    server = fakeServer({
      ...DELIVERY,
      'GET /api/v1/auth/addresses': { data: [far, away] },
    });
    render(<AddressBook checkDelivery={checkDelivery} />);
    expect(await screen.findByTestId('no-default')).toHaveTextContent(
      'You have no default address: we do not deliver to any of these yet. Add one we deliver to and it becomes your default.',
    );
    expect(screen.queryByTestId('default-badge')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    await waitFor(() => expect(screen.getAllByTestId('not-delivered-badge')).toHaveLength(2));
    // The server would refuse it: the button is not offered.
    expect(within(cards[0]).queryByRole('button', { name: /Make Default/ })).toBeNull();
    expect(within(cards[1]).queryByRole('button', { name: /Make Default/ })).toBeNull();
    expect(within(cards[0]).getByRole('button', { name: /^Edit/ })).toBeEnabled();
    await user.click(within(cards[0]).getByRole('button', { name: /^Edit/ }));
    expect(screen.getByRole('heading', { name: /Edit the address/ })).toBeInTheDocument();
  });

  it('toasts the server’s sentence on saving a first address the shop does not serve', async () => {
    const user = userEvent.setup();
    let list = [];
    const message =
      'Address saved. We do not deliver to 781001 yet, so checkout cannot use it and it is not your default address.';
    server = fakeServer({
      ...DELIVERY,
      'GET /api/v1/auth/addresses': () => ({ data: list }),
      'POST /api/v1/auth/addresses': (body) => {
        list = [{ ...FAR, ...body, _id: 9, isDefault: false }];
        return { status: 201, data: { success: true, message, address: list[0] } };
      },
    });
    render(
      <>
        <Toaster />
        <AddressBook checkDelivery={checkDelivery} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    await user.type(screen.getByLabelText('Full name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Address line 1'), '3 GS Road');
    await user.type(screen.getByLabelText('City'), 'Guwahati');
    await user.selectOptions(screen.getByLabelText('State'), 'Assam');
    await user.type(screen.getByLabelText('PIN code'), '781001');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByTestId('no-default')).toBeInTheDocument();
    expect(screen.queryByTestId('default-badge')).toBeNull();
  });
});

describe('AddressChooser', () => {
  it('disables an address the shop does not serve, with the reason; says where no cash is taken', async () => {
    server = fakeServer(DELIVERY);
    const onChoose = vi.fn();
    const cash = { ...HOME, _id: 3, pincode: '600001', state: 'Tamil Nadu', isDefault: false };
    render(
      <MemoryRouter>
        <AddressChooser
          addresses={[HOME, FAR, cash]}
          chosenId={1}
          onChoose={onChoose}
          onAdd={vi.fn()}
          checkDelivery={checkDelivery}
        />
      </MemoryRouter>,
    );
    const [home, far, noCash] = screen.getAllByRole('radio');
    await waitFor(() => expect(far).toBeDisabled());
    expect(far).toHaveAccessibleDescription(
      'We do not deliver to 781001 yet, so this address cannot be chosen.',
    );
    expect(home).toBeEnabled();
    await waitFor(() =>
      expect(noCash).toHaveAccessibleDescription(
        'Cash on delivery is not available at this address.',
      ),
    );
    expect(noCash).toBeEnabled();
  });
});
