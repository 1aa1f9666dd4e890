import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import ReturnSection from './ReturnSection';

const DELIVERED = '2026-12-01T06:00:00Z';
const NOW = new Date('2026-12-03T06:00:00Z').getTime();

const order = {
  _id: '42',
  status: 'Delivered',
  shipment: { courier: 'BlueDart', awb: 'BD1', deliveredAt: DELIVERED },
  products: [
    {
      _id: '1',
      lineId: '11',
      name: 'Cotton Tee',
      slug: 'cotton-tee',
      variant: '17',
      options: { Size: 'M' },
      quantity: 2,
    },
    { _id: '2', lineId: '12', name: 'Jeans', slug: 'jeans', quantity: 1 },
  ],
};

const TEE = {
  _id: '1',
  slug: 'cotton-tee',
  options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
  variants: [
    { _id: '16', options: { Size: 'S' }, price: 499, quantity: 0 },
    { _id: '17', options: { Size: 'M' }, price: 499, quantity: 4 },
    { _id: '18', options: { Size: 'L' }, price: 499, quantity: 3 },
    { _id: '19', options: { Size: 'XL' }, price: 549, quantity: 1 },
  ],
};

afterEach(() => toast.remove());

function show({ returns = [], now = NOW, onRequest = vi.fn(async () => {}) } = {}) {
  const loadProduct = vi.fn(async () => TEE);
  render(
    <>
      <Toaster />
      <ReturnSection
        order={order}
        returns={returns}
        windowDays={7}
        loadProduct={loadProduct}
        onRequest={onRequest}
        now={now}
      />
    </>,
  );
  return { loadProduct, onRequest };
}

async function openForm(user) {
  const toggle = screen.getByRole('button', { name: 'Return or exchange items' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return screen.getByRole('form', { name: 'Return or exchange' });
}

describe('Return or exchange', () => {
  it('asks for a refund of the units not yet returned, with reason and note', async () => {
    const user = userEvent.setup();
    const { onRequest } = show({
      returns: [{ _id: '3', status: 'Requested', lines: [{ _id: '11', quantity: 1 }] }],
    });
    const section = screen.getByRole('region', { name: 'Return or exchange' });
    expect(section).toHaveTextContent('You can ask to return or exchange items until Tue, 8 Dec.');
    const form = await openForm(user);
    const tee = within(form).getByRole('combobox', {
      name: 'Quantity of Cotton Tee (Size: M) to return',
    });
    // One of the two is in a return already.
    expect(
      within(tee)
        .getAllByRole('option')
        .map((o) => o.value),
    ).toEqual(['0', '1']);
    await user.selectOptions(tee, '1');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'damaged');
    await user.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), ' Torn seam ');
    await user.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(onRequest).toHaveBeenCalledWith({
      lines: [{ _id: '11', quantity: 1 }],
      reason: 'damaged',
      kind: 'refund',
      note: 'Torn seam',
    });
    // The form closes and the focus goes back to its button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Return or exchange items' })).toHaveFocus(),
    );
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says what is missing beside the fields and sends nothing', async () => {
    const user = userEvent.setup();
    const { onRequest } = show();
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(onRequest).not.toHaveBeenCalled();
    expect(
      within(form).getByRole('group', { name: 'Items to return' }),
    ).toHaveAccessibleDescription('Choose at least one item to return.');
    expect(within(form).getByRole('combobox', { name: 'Reason' })).toHaveAccessibleDescription(
      'Choose a reason.',
    );
    expect(within(form).getByRole('combobox', { name: /Cotton Tee/ })).toHaveFocus();
  });

  it('offers an exchange for the product’s other variants in stock', async () => {
    const user = userEvent.setup();
    const { onRequest, loadProduct } = show();
    const form = await openForm(user);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Cotton Tee/ }), '2');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'size');
    await user.click(within(form).getByRole('radio', { name: /Exchange/ }));
    const variant = await within(form).findByRole('combobox', { name: 'Exchange for' });
    expect(loadProduct).toHaveBeenCalledWith('cotton-tee', expect.anything());
    // Not S (sold out), not M (the line's own), not XL (1 left for 2 units).
    expect(
      within(variant)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose ...', 'Size: L']);
    await user.click(within(form).getByRole('button', { name: 'Request exchange' }));
    expect(onRequest).not.toHaveBeenCalled();
    expect(variant).toHaveAccessibleDescription('Choose the option you want instead.');
    await user.selectOptions(variant, '18');
    await user.click(within(form).getByRole('button', { name: 'Request exchange' }));
    expect(onRequest).toHaveBeenCalledWith({
      lines: [{ _id: '11', quantity: 2 }],
      reason: 'size',
      kind: 'exchange',
      exchangeVariant: '18',
    });
  });

  it('keeps an exchange to one product', async () => {
    const user = userEvent.setup();
    const { onRequest } = show();
    const form = await openForm(user);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Cotton Tee/ }), '1');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Jeans/ }), '1');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'size');
    await user.click(within(form).getByRole('radio', { name: /Exchange/ }));
    await user.click(within(form).getByRole('button', { name: 'Request exchange' }));
    expect(onRequest).not.toHaveBeenCalled();
    expect(
      within(form).getByRole('group', { name: 'Items to return' }),
    ).toHaveAccessibleDescription(
      'An exchange is for one product at a time: choose items of one product.',
    );
  });

  it('shows the server’s refusal in the form and as a toast, keeping what was typed', async () => {
    const user = userEvent.setup();
    const refusal = Object.assign(new Error('409'), {
      response: {
        status: 409,
        data: { success: false, message: 'Only a delivered order can be returned.' },
      },
    });
    const onRequest = vi.fn(async () => {
      throw refusal;
    });
    show({ onRequest });
    const form = await openForm(user);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Jeans/ }), '1');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Reason' }),
      'changed-mind',
    );
    await user.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Only a delivered order can be returned.',
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Only a delivered order can be returned.',
    );
    expect(within(form).getByRole('combobox', { name: /Jeans/ })).toHaveValue('1');
    expect(within(form).getByRole('combobox', { name: 'Reason' })).toHaveValue('changed-mind');
    expect(within(form).getByRole('button', { name: 'Request return' })).toBeEnabled();
  });

  it('says when the window closed, and offers nothing', () => {
    show({ now: new Date('2026-12-09T06:00:00Z').getTime() });
    expect(screen.getByRole('region', { name: 'Return or exchange' })).toHaveTextContent(
      'The return window closed on Tue, 8 Dec.',
    );
    expect(screen.queryByRole('button', { name: 'Return or exchange items' })).toBeNull();
  });

  it('says so when every unit is already coming back', () => {
    show({
      returns: [
        {
          _id: '3',
          status: 'Approved',
          lines: [
            { _id: '11', quantity: 2 },
            { _id: '12', quantity: 1 },
          ],
        },
      ],
    });
    expect(screen.getByText(/Every item of this order has been returned/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return or exchange items' })).toBeNull();
  });
});
