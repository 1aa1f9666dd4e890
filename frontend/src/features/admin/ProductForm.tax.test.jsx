import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductForm from './ProductForm';

const categories = [{ _id: '2', name: 'Phones', slug: 'phones' }];
const fields = (body) => Object.fromEntries(body.entries());

async function fill(user, element, text) {
  await user.click(element);
  await user.paste(text);
}

async function createWith(user, onSubmit) {
  render(<ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={onSubmit} />);
  await user.selectOptions(screen.getByLabelText('Category'), 'Phones');
  await fill(user, screen.getByLabelText('Name'), 'Pixel');
  await fill(user, screen.getByLabelText('Description'), 'A phone');
  await fill(user, screen.getByLabelText('Price'), '49999');
  await fill(user, screen.getByLabelText('Quantity'), '3');
}

const stored = {
  _id: '9',
  name: 'Pixel',
  description: 'A phone',
  price: 49999,
  quantity: 3,
  shipping: true,
  category: { _id: '2', name: 'Phones' },
  hsn: '8517',
  gstRate: 18,
  countryOfOrigin: 'India',
};

describe('ProductForm tax fields', () => {
  it('offers the category default and the four slabs', () => {
    render(<ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={vi.fn()} />);
    const rate = screen.getByLabelText('GST rate');
    expect([...rate.options].map((o) => o.textContent)).toEqual([
      'Category default',
      '0%',
      '5%',
      '18%',
      '40%',
    ]);
    expect(rate).toHaveValue('');
    expect(screen.getByLabelText('HSN code')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Country of origin')).toHaveValue('');
  });

  it('sends hsn, gstRate and countryOfOrigin when given on create', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await createWith(user, onSubmit);
    await fill(user, screen.getByLabelText('HSN code'), '8517');
    await user.selectOptions(screen.getByLabelText('GST rate'), '18%');
    await fill(user, screen.getByLabelText('Country of origin'), ' Vietnam ');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(fields(onSubmit.mock.calls[0][0])).toMatchObject({
      hsn: '8517',
      gstRate: '18',
      countryOfOrigin: 'Vietnam',
    });
  });

  it('leaves them to the category on create when left empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await createWith(user, onSubmit);
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    const sent = fields(onSubmit.mock.calls[0][0]);
    expect(sent).not.toHaveProperty('hsn');
    expect(sent).not.toHaveProperty('gstRate');
    expect(sent).not.toHaveProperty('countryOfOrigin');
  });

  it('on update sends only what changed; Category default sends an empty rate', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <ProductForm
        categories={categories}
        product={stored}
        submitLabel="UPDATE PRODUCT"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText('HSN code')).toHaveValue('8517');
    expect(screen.getByLabelText('GST rate')).toHaveValue('18');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(fields(onSubmit.mock.calls[0][0])).not.toHaveProperty('gstRate');
    await user.selectOptions(screen.getByLabelText('GST rate'), 'Category default');
    await user.clear(screen.getByLabelText('Country of origin'));
    await fill(user, screen.getByLabelText('Country of origin'), 'Japan');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    const sent = fields(onSubmit.mock.calls[1][0]);
    expect(sent.gstRate).toBe('');
    expect(sent.countryOfOrigin).toBe('Japan');
    expect(sent).not.toHaveProperty('hsn');
  });

  it('shows the server’s field errors under the tax fields and focuses the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({
      errors: {
        hsn: 'HSN code must be 4 to 8 digits.',
        gstRate: 'GST rate must be 0, 5, 18 or 40.',
      },
    });
    await createWith(user, onSubmit);
    await fill(user, screen.getByLabelText('HSN code'), '85');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    const hsn = screen.getByLabelText('HSN code');
    await waitFor(() =>
      expect(hsn).toHaveAccessibleDescription(
        expect.stringContaining('HSN code must be 4 to 8 digits.'),
      ),
    );
    expect(hsn).toHaveFocus();
    expect(screen.getByLabelText('GST rate')).toHaveAccessibleDescription(
      'GST rate must be 0, 5, 18 or 40.',
    );
    await fill(user, hsn, '17');
    expect(hsn).not.toHaveAttribute('aria-invalid');
  });
});
