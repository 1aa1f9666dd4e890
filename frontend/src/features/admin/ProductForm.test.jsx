import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductForm, { PRICE_NEGATIVE } from './ProductForm';

const categories = [
  { _id: '1', name: 'Electronics', slug: 'electronics' },
  { _id: '2', name: 'Phones', slug: 'phones' },
  { _id: '3', name: 'Clothing', slug: 'clothing' },
];

const fields = (body) => Object.fromEntries(body.entries());

// Click into a field and paste: the same events a user causes, without typing key by key.
async function fill(user, element, text) {
  await user.click(element);
  await user.paste(text);
}

// jsdom has no object URLs: stand in for the browser's, counting what is made and freed.
let made;
let revoked;
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  made = [];
  revoked = [];
  URL.createObjectURL = vi.fn((file) => {
    const url = `blob:test/${made.length}-${file.name}`;
    made.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url) => revoked.push(url));
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('ProductForm', () => {
  it('sends every field of the contract, shipping included, and no photo when none is chosen', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={onSubmit} />,
    );
    await user.selectOptions(screen.getByLabelText('Category'), 'Phones');
    await fill(user, screen.getByLabelText('Name'), 'Pixel');
    await fill(user, screen.getByLabelText('Description'), 'A phone');
    await fill(user, screen.getByLabelText('Price'), '499.5');
    await fill(user, screen.getByLabelText('Quantity'), '7');
    await user.selectOptions(screen.getByLabelText('Shipping'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(fields(onSubmit.mock.calls[0][0])).toEqual({
      category: '2',
      name: 'Pixel',
      description: 'A phone',
      price: '499.5',
      quantity: '7',
      shipping: '1',
    });
  });

  it('narrows the categories by the search box and picks a single match', async () => {
    const user = userEvent.setup();
    render(<ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('Search categories'), 'cloth');
    const select = screen.getByLabelText('Category');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Select a category',
      'Clothing',
    ]);
    expect(select).toHaveValue('3');
    await user.clear(screen.getByLabelText('Search categories'));
    await user.type(screen.getByLabelText('Search categories'), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No category matches');
    // The chosen category stays available while filtered out.
    expect(Array.from(select.options).map((o) => o.textContent)).toContain('Clothing');
  });

  it('accepts images only, previews the chosen photo and frees old previews', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { unmount } = render(
      <ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={onSubmit} />,
    );
    const input = screen.getByLabelText('Upload Photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    const first = new File(['one'], 'one.png', { type: 'image/png' });
    const second = new File(['two'], 'two.png', { type: 'image/png' });
    await user.upload(input, first);
    expect(screen.getByAltText('Preview of the chosen photo')).toHaveAttribute('src', made[0]);
    await user.upload(input, second);
    expect(screen.getByAltText('Preview of the chosen photo')).toHaveAttribute(
      'src',
      made[made.length - 1],
    );
    expect(revoked).toContain(made[0]);
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(onSubmit.mock.calls[0][0].get('photo')).toBe(second);
    unmount();
    expect(revoked).toEqual(expect.arrayContaining(made));
  });

  it('shows how much of the photo has been sent while the upload runs', async () => {
    const user = userEvent.setup();
    let report;
    let finish;
    const onSubmit = vi.fn((body, { onUploadProgress }) => {
      report = onUploadProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    render(
      <ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={onSubmit} />,
    );
    await user.upload(
      screen.getByLabelText('Upload Photo'),
      new File(['one'], 'one.png', { type: 'image/png' }),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading photos' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => report({ loaded: 300, total: 1200 }));
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveTextContent('25%');
    act(() => report({ loaded: 1200, total: 1200 }));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    await act(async () => finish());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows no upload progress when no photo is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={onSubmit} />,
    );
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(onSubmit.mock.calls[0][1].onUploadProgress).toBeUndefined();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the photo in a fixed 320 x 200 box, so the form does not move when it loads', async () => {
    const user = userEvent.setup();
    render(<ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={vi.fn()} />);
    await user.upload(
      screen.getByLabelText('Upload Photo'),
      new File(['one'], 'tall.png', { type: 'image/png' }),
    );
    const preview = screen.getByAltText('Preview of the chosen photo');
    expect(preview).toHaveAttribute('width', '320');
    expect(preview).toHaveAttribute('height', '200');
    expect(preview).toHaveStyle({ width: '320px', height: '200px', objectFit: 'contain' });
  });

  it('starts prefilled from a product and shows its current photo', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const product = {
      _id: '9',
      name: 'Kurta',
      description: 'Cotton',
      price: 799,
      quantity: 4,
      shipping: 1,
      category: { _id: '3', name: 'Clothing' },
    };
    render(
      <ProductForm
        categories={categories}
        product={product}
        currentPhotoUrl="/api/v1/product/product-photo/9"
        submitLabel="UPDATE PRODUCT"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Kurta');
    expect(screen.getByLabelText('Price')).toHaveValue(799);
    expect(screen.getByLabelText('Category')).toHaveValue('3');
    expect(screen.getByLabelText('Shipping')).toHaveValue('1');
    expect(screen.getByAltText('Current product photo')).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/9',
    );
    await user.clear(screen.getByLabelText('Price'));
    await fill(user, screen.getByLabelText('Price'), '749');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    const sent = onSubmit.mock.calls[0][0];
    expect(sent.get('price')).toBe('749');
    expect(sent.has('photo')).toBe(false);
  });

  it('says a negative price must be zero or more, beside the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={onSubmit} />,
    );
    await fill(user, screen.getByLabelText('Name'), 'Pixel');
    await fill(user, screen.getByLabelText('Price'), '-5');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(PRICE_NEGATIVE).toBe('Price must be zero or more.');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(PRICE_NEGATIVE);
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Price')).toHaveFocus();
  });

  it("shows the server's field errors beside their fields and focuses the first", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({
      errors: { name: 'Name is required.', category: 'Category is required.' },
    });
    render(
      <ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={onSubmit} />,
    );
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Category is required.');
    expect(screen.getByLabelText('Category')).toHaveFocus();
    // Fixing a field clears its message.
    await fill(user, screen.getByLabelText('Name'), 'Pixel');
    expect(screen.queryByText('Name is required.')).toBeNull();
  });
});
