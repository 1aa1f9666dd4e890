// The product form's gallery (variants-api.md): photos added, described, tied to an
// option value, removed and reordered by keyboard or by drag and drop; what is sent
// (`gallery` JSON in order, new files as `photos`); at most 12 photos.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductForm from './ProductForm';
import { TEXTS } from './variants';

const categories = [{ _id: '3', name: 'Clothing', slug: 'clothing' }];

const product = {
  _id: '12',
  name: 'Phone case',
  description: 'Silicone',
  price: 299,
  quantity: 5,
  shipping: 1,
  category: { _id: '3', name: 'Clothing' },
  updatedAt: '2026-11-23T10:00:00.000000Z',
  options: [{ name: 'Colour', values: ['Black', 'Blue'] }],
  variants: [
    { _id: '17', sku: 'CASE-BLK', options: { Colour: 'Black' }, price: 299, quantity: 3 },
    { _id: '18', sku: 'CASE-BLU', options: { Colour: 'Blue' }, price: 299, quantity: 2 },
  ],
  photos: [
    {
      _id: '5',
      url: '/api/v1/product/product-photo/12/5?v=a',
      alt: 'Black case, front',
      option: 'Black',
      widths: [160, 320, 640],
    },
    {
      _id: '6',
      url: '/api/v1/product/product-photo/12/6?v=b',
      alt: 'Blue case, back',
      option: 'Blue',
      widths: [160, 320, 640],
    },
  ],
};

const png = (name) => new File([name], name, { type: 'image/png' });

// jsdom has no object URLs: stand in for the browser's.
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  URL.createObjectURL = vi.fn((file) => `blob:test/${file.name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function renderForm(props = {}) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  render(
    <ProductForm
      categories={categories}
      submitLabel="SAVE"
      onSubmit={onSubmit}
      product={product}
      {...props}
    />,
  );
  return onSubmit;
}

const photoItems = () =>
  within(screen.getByRole('list', { name: 'Gallery photos' })).getAllByRole('listitem');
const thumbs = () => photoItems().map((li) => within(li).getByRole('img').getAttribute('src'));
const altTexts = () => photoItems().map((li) => within(li).getByRole('textbox').value);

describe('ProductForm gallery', () => {
  it('shows the stored photos in order, with their alt text and option value', () => {
    renderForm();
    expect(thumbs()).toEqual([
      '/api/v1/product/product-photo/12/5?v=a&w=160',
      '/api/v1/product/product-photo/12/6?v=b&w=160',
    ]);
    expect(screen.getByLabelText('Alt text for photo 1')).toHaveValue('Black case, front');
    expect(screen.getByLabelText('Option value for photo 2')).toHaveValue('Blue');
    expect(screen.getByText('Photo 1 (main photo)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Up photo 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Down photo 2' })).toBeDisabled();
  });

  it('sends nothing of the gallery while it is untouched, and the single photo as before', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const main = png('main.png');
    await user.upload(screen.getByLabelText('Upload Photo'), main);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    const body = onSubmit.mock.calls[0][0];
    expect(body.get('photo')).toBe(main);
    expect(body.has('gallery')).toBe(false);
    expect(body.has('photos')).toBe(false);
  });

  it('moves a photo by keyboard, keeps the focus on it and says where it went', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.upload(screen.getByLabelText('Add photos'), [png('side.png'), png('box.png')]);
    expect(thumbs()).toEqual([
      expect.stringContaining('/5?'),
      expect.stringContaining('/6?'),
      'blob:test/side.png',
      'blob:test/box.png',
    ]);

    // From the third photo's alt text, Tab to its "Move Up" and press Enter, then Space.
    await user.click(screen.getByLabelText('Alt text for photo 3'));
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Move Up photo 3' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(thumbs()[1]).toBe('blob:test/side.png');
    expect(screen.getByRole('button', { name: 'Move Up photo 2' })).toHaveFocus();
    expect(screen.getByText('Moved side.png to position 2 of 4.')).toBeInTheDocument();

    await user.keyboard(' ');
    expect(thumbs()[0]).toBe('blob:test/side.png');
    // At the top Move Up no longer works: the focus stays on the photo, on Move Down.
    expect(screen.getByRole('button', { name: 'Move Up photo 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Down photo 1' })).toHaveFocus();
    expect(screen.getByText('Moved side.png to position 1 of 4.')).toBeInTheDocument();
    expect(screen.getByText('Photo 1 (main photo)').closest('li')).toContainElement(
      document.activeElement,
    );

    await user.keyboard('{Enter}');
    expect(thumbs()[1]).toBe('blob:test/side.png');
    expect(screen.getByRole('button', { name: 'Move Down photo 2' })).toHaveFocus();
  });

  it('sends the whole gallery in order, new photos as files, with alt text and option value', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const side = png('side.png');
    const box = png('box.png');
    await user.upload(screen.getByLabelText('Add photos'), [side, box]);
    await user.type(screen.getByLabelText('Alt text for photo 3'), 'Blue case, side');
    await user.selectOptions(screen.getByLabelText('Option value for photo 3'), 'Blue');
    // The box photo goes first; the stored back photo is removed.
    await user.click(screen.getByRole('button', { name: 'Move Up photo 4' }));
    await user.click(screen.getByRole('button', { name: 'Move Up photo 3' }));
    await user.click(screen.getByRole('button', { name: 'Move Up photo 2' }));
    expect(screen.getByRole('button', { name: 'Move Down photo 1' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    // Focus goes on to the photo that took its place.
    expect(screen.getByRole('button', { name: 'Remove photo 3' })).toHaveFocus();
    expect(altTexts()).toEqual(['', 'Black case, front', 'Blue case, side']);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    const body = onSubmit.mock.calls[0][0];
    expect(JSON.parse(body.get('gallery'))).toEqual([
      // A blank alt text is the product's name.
      { new: 0, alt: 'Phone case', option: null },
      { _id: '5', alt: 'Black case, front', option: 'Black' },
      { new: 1, alt: 'Blue case, side', option: 'Blue' },
    ]);
    expect(body.getAll('photos')).toEqual([box, side]);
    expect(body.has('photo')).toBe(false);
    // The form's other fields travel as before.
    expect(body.get('name')).toBe('Phone case');
    expect(body.get('updatedAt')).toBe('2026-11-23T10:00:00.000000Z');
  });

  it('reorders by drag and drop', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    const [first, second] = photoItems();
    fireEvent.dragStart(within(second).getByRole('img').parentElement, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    expect(altTexts()).toEqual(['Blue case, back', 'Black case, front']);
    expect(screen.getByText('Moved Blue case, back to position 1 of 2.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(JSON.parse(onSubmit.mock.calls[0][0].get('gallery'))).toEqual([
      { _id: '6', alt: 'Blue case, back', option: 'Blue' },
      { _id: '5', alt: 'Black case, front', option: 'Black' },
    ]);
  });

  it('takes at most 12 photos and says how many were not added', async () => {
    const user = userEvent.setup();
    renderForm();
    const files = Array.from({ length: 11 }, (_, i) => png(`p${i}.png`));
    await user.upload(screen.getByLabelText('Add photos'), files);
    expect(photoItems()).toHaveLength(12);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.photosFull(1));
    expect(screen.getByText(/^12 of 12 photos\./)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add photos'), [png('more.png')]);
    expect(photoItems()).toHaveLength(12);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A product has at most 12 photos: 1 photo was not added.',
    );
  });

  it('sends a photo whose option value was removed with no option', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Remove Blue from Colour' }));
    // Its variants hold stock: asked first.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(JSON.parse(onSubmit.mock.calls[0][0].get('gallery'))).toEqual([
      { _id: '5', alt: 'Black case, front', option: 'Black' },
      { _id: '6', alt: 'Blue case, back', option: null },
    ]);
  });

  it('with a changed gallery, puts the single photo in place of the stored main photo', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const main = png('main.png');
    await user.upload(screen.getByLabelText('Upload Photo'), main);
    await user.click(screen.getByRole('button', { name: 'Move Down photo 1' }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    const body = onSubmit.mock.calls[0][0];
    expect(JSON.parse(body.get('gallery'))).toEqual([
      { _id: '6', alt: 'Blue case, back', option: 'Blue' },
      { new: 0, alt: 'Black case, front', option: 'Black' },
    ]);
    expect(body.getAll('photos')).toEqual([main]);
    expect(body.has('photo')).toBe(false);
  });

  it("shows the server's error on the photos and focuses it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({ errors: { photos: 'A photo is too large.' } });
    renderForm({ onSubmit });
    await user.upload(screen.getByLabelText('Add photos'), [png('big.png')]);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('A photo is too large.')).toHaveFocus();
  });
});
