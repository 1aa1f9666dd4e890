// A business address: the GSTIN and business name of the address form, optional, checked
// before sending (both or neither, the GSTIN's check character and state), sent compact.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AddressForm from './AddressForm';
import { addressPayload } from './addresses';

const GSTIN_LABEL = 'GSTIN (optional, for a business)';
const NAME_LABEL = 'Business name (optional)';

async function fill(user, input, value) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

async function fillHome(user) {
  await fill(user, screen.getByLabelText('Full name'), 'Asha Rao');
  await fill(user, screen.getByLabelText('Phone'), '9876543210');
  await fill(user, screen.getByLabelText('Address line 1'), '12 MG Road');
  await fill(user, screen.getByLabelText('City'), 'Bengaluru');
  await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
  await fill(user, screen.getByLabelText('PIN code'), '560001');
}

describe('AddressForm: a business address', () => {
  it('sends the GSTIN compact and the business name, and names the GSTIN’s state', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({});
    render(<AddressForm title="Add an address" onSubmit={onSubmit} />);
    await fillHome(user);
    await fill(user, screen.getByLabelText(GSTIN_LABEL), '29aaacs 1234 a1zy');
    expect(screen.getByLabelText(GSTIN_LABEL)).toHaveAccessibleDescription(
      'Registered in Karnataka',
    );
    await fill(user, screen.getByLabelText(NAME_LABEL), ' Asha Traders LLP ');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ gstin: '29AAACS1234A1ZY', businessName: 'Asha Traders LLP' }),
    );
  });

  it('refuses a wrong check character, a name without a GSTIN and a GSTIN without a name', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddressForm title="Add an address" onSubmit={onSubmit} />);
    await fillHome(user);
    const gstin = screen.getByLabelText(GSTIN_LABEL);
    const name = screen.getByLabelText(NAME_LABEL);
    await fill(user, gstin, '29AAACS1234A1ZZ');
    await fill(user, name, 'Asha Traders LLP');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(gstin).toHaveAccessibleDescription(/its last character does not match/);
    expect(gstin).toHaveFocus();
    await user.clear(gstin);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(name).toHaveAccessibleDescription(/goes with a GSTIN/);
    await fill(user, gstin, '29AAACS1234A1ZY');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(name).toHaveAccessibleDescription('Please add the business name on the GSTIN');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('leaves them out of a home address, and keeps them when an address is made the default', () => {
    const home = {
      name: 'Asha',
      phone: '9876543210',
      line1: '1 Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      gstin: null,
      businessName: null,
    };
    expect(addressPayload(home)).not.toHaveProperty('gstin');
    expect(addressPayload(home)).not.toHaveProperty('businessName');
    const office = { ...home, gstin: '27AAACS1234A1Z2', businessName: 'Asha LLP' };
    expect(addressPayload(office, { isDefault: true })).toMatchObject({
      gstin: '27AAACS1234A1Z2',
      businessName: 'Asha LLP',
      isDefault: true,
    });
  });
});
