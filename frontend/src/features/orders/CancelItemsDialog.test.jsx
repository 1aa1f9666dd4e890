import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CancelItemsDialog from './CancelItemsDialog';

const order = {
  _id: '42',
  status: 'Not Processed',
  nextStatuses: ['Processing', 'Cancelled'],
  products: [
    { _id: '1', lineId: '11', name: 'Cotton Tee', quantity: 2, options: { Size: 'M' } },
    { _id: '2', lineId: '12', name: 'Jeans', quantity: 1 },
    { _id: '3', lineId: '13', name: 'Cap', quantity: 0, cancelledQuantity: 1 },
  ],
};

function show(props = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  const view = render(
    <>
      <button type="button">Cancel items</button>
      <CancelItemsDialog order={order} open onClose={onClose} onConfirm={onConfirm} {...props} />
    </>,
  );
  return { ...view, onClose, onConfirm };
}

describe('CancelItemsDialog', () => {
  it('offers each line with units left, then confirms and sends the chosen quantities', async () => {
    const user = userEvent.setup();
    const { onConfirm } = show();
    const dialog = screen.getByRole('dialog', { name: 'Cancel items of order #42' });
    const tee = within(dialog).getByRole('combobox', {
      name: 'Quantity of Cotton Tee (Size: M) to cancel',
    });
    expect(within(dialog).queryByRole('combobox', { name: /Cap/ })).toBeNull();
    expect(
      within(tee)
        .getAllByRole('option')
        .map((o) => o.value),
    ).toEqual(['0', '1', '2']);
    // The first field has the focus as the dialog opens.
    expect(tee).toHaveFocus();
    await user.selectOptions(tee, '1');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Quantity of Jeans to cancel' }),
      '1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/2 items will be cancelled/)).toHaveFocus();
    expect(within(dialog).getByTestId('items-to-cancel')).toHaveTextContent(
      '1 × Cotton Tee (Size: M)1 × Jeans',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 items' }));
    expect(onConfirm).toHaveBeenCalledWith([
      { _id: '11', quantity: 1 },
      { _id: '12', quantity: 1 },
    ]);
  });

  it('asks for a choice before going on, and Back keeps it', async () => {
    const user = userEvent.setup();
    show();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose at least one item to cancel.',
    );
    const tee = within(dialog).getByRole('combobox', { name: /Cotton Tee/ });
    expect(tee).toHaveFocus();
    await user.selectOptions(tee, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const again = within(dialog).getByRole('combobox', { name: /Cotton Tee/ });
    expect(again).toHaveValue('2');
    expect(again).toHaveFocus();
  });

  it('works from the keyboard: Tab stays inside, Escape closes', async () => {
    const user = userEvent.setup();
    const { onClose } = show();
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement);
    }
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s refusal inside and keeps the choice', async () => {
    const user = userEvent.setup();
    const { rerender, onClose, onConfirm } = show();
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Jeans/ }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    rerender(
      <>
        <button type="button">Cancel items</button>
        <CancelItemsDialog
          order={order}
          open
          error="Order 42 has shipped"
          onClose={onClose}
          onConfirm={onConfirm}
        />
      </>,
    );
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Order 42 has shipped',
    );
    expect(screen.getByTestId('items-to-cancel')).toHaveTextContent('1 × Jeans');
    expect(screen.getByRole('button', { name: 'Cancel 1 item' })).toBeEnabled();
  });

  it('shows nothing while closed', () => {
    show({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
