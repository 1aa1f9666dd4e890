// The product form's maximum retail price: the product's own field without the variants
// grid (sent when changed), an MRP column in the grid (each variant's, in `variants`), and
// the check that an MRP is not below its price.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductForm from './ProductForm';
import { TEXTS } from './variants';

const categories = [{ _id: '3', name: 'Clothing', slug: 'clothing' }];
const MRP_LABEL = 'MRP';

const renderForm = (props = {}) => {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  render(<ProductForm categories={categories} submitLabel="SAVE" onSubmit={onSubmit} {...props} />);
  return onSubmit;
};
const sentBody = (onSubmit) => onSubmit.mock.calls[0][0];

const lamp = {
  _id: '40',
  name: 'Desk Lamp',
  description: 'Warm light',
  price: 1499,
  mrp: 1999,
  quantity: 5,
  shipping: 1,
  category: { _id: '3', name: 'Clothing' },
};

describe('ProductForm MRP without variants', () => {
  it('has a labelled MRP field, sent as typed', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText('Price'), '1499');
    const mrp = screen.getByLabelText(MRP_LABEL);
    expect(mrp).toHaveAccessibleDescription(
      'Shown struck through beside the price when above it; empty for none.',
    );
    await user.type(mrp, '1999');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(sentBody(onSubmit).get('mrp')).toBe('1999');
  });

  it('opens with the stored MRP, sends nothing when it is left alone and empty to clear it', async () => {
    const user = userEvent.setup();
    let onSubmit = renderForm({ product: lamp });
    expect(screen.getByLabelText(MRP_LABEL)).toHaveValue(1999);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(sentBody(onSubmit).has('mrp')).toBe(false);
    onSubmit.mockClear();
    await user.clear(screen.getByLabelText(MRP_LABEL));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(sentBody(onSubmit).get('mrp')).toBe('');
  });

  it('refuses an MRP below the price beside the field, with focus on it', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm({ product: lamp });
    await user.clear(screen.getByLabelText(MRP_LABEL));
    await user.type(screen.getByLabelText(MRP_LABEL), '999');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const field = screen.getByLabelText(MRP_LABEL);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TEXTS.mrpBelowPrice));
    await user.type(field, '9');
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});

describe('ProductForm MRP with variants', () => {
  const tee = {
    ...lamp,
    _id: '12',
    name: 'Tee',
    price: 499,
    mrp: null,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { _id: '17', sku: 'TEE-S', options: { Size: 'S' }, price: 499, quantity: 4, mrp: 799 },
      { _id: '18', sku: 'TEE-M', options: { Size: 'M' }, price: 549, quantity: 2, mrp: null },
    ],
  };

  it('moves the MRP into the grid: each variant’s own, sent in variants', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm({ product: tee });
    expect(screen.queryByLabelText(MRP_LABEL)).not.toBeInTheDocument();
    expect(screen.getByLabelText('MRP of S')).toHaveValue(799);
    expect(screen.getByLabelText('MRP of M')).toHaveValue(null);
    await user.type(screen.getByLabelText('MRP of M'), '899');
    await user.clear(screen.getByLabelText('MRP of S'));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    const body = sentBody(onSubmit);
    expect(body.has('mrp')).toBe(false);
    expect(JSON.parse(body.get('variants')).map((v) => [v._id, v.mrp])).toEqual([
      ['17', null],
      ['18', 899],
    ]);
  });

  it('refuses a row’s MRP below its price, its own or the product’s', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm({ product: tee });
    await user.type(screen.getByLabelText('MRP of M'), '500');
    await user.clear(screen.getByLabelText('MRP of S'));
    await user.type(screen.getByLabelText('MRP of S'), '-1');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('MRP of S')).toHaveAccessibleDescription(TEXTS.mrpInvalid);
    expect(screen.getByLabelText('MRP of S')).toHaveFocus();
    expect(screen.getByLabelText('MRP of M')).toHaveAccessibleDescription(TEXTS.mrpBelowPrice);
    // S follows the product's Price (499): 499 is enough.
    await user.clear(screen.getByLabelText('MRP of S'));
    await user.type(screen.getByLabelText('MRP of S'), '499');
    await user.clear(screen.getByLabelText('MRP of M'));
    await user.type(screen.getByLabelText('MRP of M'), '549');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
