// The product page of a product with variants and a gallery, against a fake server at the
// HTTP boundary: photos (click, keys, swipe, the chosen colour first), option pickers that
// mark what cannot be picked before it is, the chosen variant's price and stock, Add to
// Cart that needs a complete choice, and the choice kept in the address (?variant=).
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { CART_KEY } from '../constants/storageKeys';
import ProductDetailsPage from './ProductDetailsPage';

const photo = (id, alt, option) => ({
  _id: id,
  url: `/api/v1/product/product-photo/12/${id}?v=x${id}`,
  alt,
  option,
  widths: [160, 320],
});
// Sizes S, M, L and colours Black, Blue: L is sold out (in Black, the only L sold); Blue
// comes in S only.
const tee = {
  _id: '12',
  name: 'Cotton Tee',
  slug: 'cotton-tee',
  description: 'Soft cotton tee.',
  price: 499,
  quantity: 11,
  category: { _id: '3', name: 'Clothing', slug: 'clothing' },
  photo: '/api/v1/product/product-photo/12?v=x1',
  photoWidths: [160, 320],
  options: [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ],
  variants: [
    {
      _id: '17',
      sku: 'TEE-S-BLK',
      options: { Size: 'S', Colour: 'Black' },
      price: 499,
      quantity: 4,
    },
    {
      _id: '18',
      sku: 'TEE-M-BLK',
      options: { Size: 'M', Colour: 'Black' },
      price: 549,
      quantity: 2,
    },
    {
      _id: '19',
      sku: 'TEE-L-BLK',
      options: { Size: 'L', Colour: 'Black' },
      price: 549,
      quantity: 0,
    },
    {
      _id: '20',
      sku: 'TEE-S-BLU',
      options: { Size: 'S', Colour: 'Blue' },
      price: 499,
      quantity: 5,
    },
  ],
  photos: [
    photo('1', 'Cotton Tee, folded', null),
    photo('2', 'Black tee, back', 'Black'),
    photo('3', 'Blue tee, front', 'Blue'),
  ],
};

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output aria-label="address">
      {location.pathname}
      {location.search} {type}
    </output>
  );
}

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  act(() => toast.remove());
});

function renderPage(product = tee, path = `/product/${product.slug}`) {
  server = fakeServer({
    [`GET /api/v1/product/get-product/${product.slug}`]: { data: { success: true, product } },
    [`GET /api/v1/product/related-product/${product._id}/3`]: {
      data: { success: true, products: [] },
    },
  });
  return render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/product/:slug" element={<ProductDetailsPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const mainPhoto = () => within(screen.getByTestId('gallery-main')).getByRole('img');
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const radio = (name) => screen.getByRole('radio', { name });
const stored = () => JSON.parse(window.localStorage.getItem(CART_KEY) ?? '[]');

async function opened(product, path) {
  renderPage(product, path);
  await screen.findByRole('heading', { level: 1, name: product?.name ?? tee.name });
  // Similar products answer too, so none is left in flight when the test ends.
  await screen.findByText('No Similar Products found');
}

describe('the gallery', () => {
  it('shows the first photo with its alt text, and thumbnails that show the others', async () => {
    const user = userEvent.setup();
    await opened(tee);
    expect(mainPhoto()).toHaveAttribute('alt', 'Cotton Tee, folded');
    expect(mainPhoto()).toHaveAttribute('src', '/api/v1/product/product-photo/12/1?v=x1');
    expect(mainPhoto().getAttribute('srcset')).toContain(
      '/api/v1/product/product-photo/12/1?v=x1&w=320 320w',
    );
    const thumbs = within(screen.getByRole('region', { name: 'Photos of Cotton Tee' }))
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-label').startsWith('Photo '));
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Photo 1 of 3: Cotton Tee, folded',
      'Photo 2 of 3: Black tee, back',
      'Photo 3 of 3: Blue tee, front',
    ]);
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true');
    await user.click(thumbs[2]);
    expect(mainPhoto()).toHaveAttribute('alt', 'Blue tee, front');
    expect(thumbs[2]).toHaveAttribute('aria-current', 'true');
    expect(thumbs[0]).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(mainPhoto()).toHaveAttribute('alt', 'Cotton Tee, folded');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(mainPhoto()).toHaveAttribute('alt', 'Blue tee, front');
  });

  it('moves with the arrow keys, Home and End while it has focus, and not otherwise', async () => {
    const user = userEvent.setup();
    await opened(tee);
    const main = screen.getByTestId('gallery-main');
    await user.keyboard('{ArrowRight}');
    expect(mainPhoto()).toHaveAttribute('alt', 'Cotton Tee, folded');
    main.focus();
    await user.keyboard('{ArrowRight}');
    expect(mainPhoto()).toHaveAttribute('alt', 'Black tee, back');
    expect(main).toHaveAccessibleName('Photo 2 of 3: Black tee, back');
    expect(screen.getByTestId('gallery-position')).toHaveTextContent('Photo 2 of 3');
    await user.keyboard('{End}');
    expect(mainPhoto()).toHaveAttribute('alt', 'Blue tee, front');
    await user.keyboard('{ArrowRight}');
    expect(mainPhoto()).toHaveAttribute('alt', 'Cotton Tee, folded');
    await user.keyboard('{ArrowLeft}');
    expect(mainPhoto()).toHaveAttribute('alt', 'Blue tee, front');
    await user.keyboard('{Home}');
    expect(mainPhoto()).toHaveAttribute('alt', 'Cotton Tee, folded');
  });

  it('moves focus along the thumbnails with the arrow keys', async () => {
    const user = userEvent.setup();
    await opened(tee);
    const first = screen.getByRole('button', { name: 'Photo 1 of 3: Cotton Tee, folded' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Photo 2 of 3: Black tee, back' })).toHaveFocus();
    expect(mainPhoto()).toHaveAttribute('alt', 'Black tee, back');
  });

  it('swipes: left for the next photo, right for the previous; short or vertical moves do nothing', async () => {
    await opened(tee);
    const main = screen.getByTestId('gallery-main');
    const swipe = (from, to) => {
      fireEvent.pointerDown(main, { clientX: from[0], clientY: from[1], pointerType: 'touch' });
      fireEvent.pointerUp(main, { clientX: to[0], clientY: to[1], pointerType: 'touch' });
    };
    swipe([300, 100], [150, 110]);
    expect(mainPhoto()).toHaveAttribute('alt', 'Black tee, back');
    swipe([300, 100], [280, 100]);
    expect(mainPhoto()).toHaveAttribute('alt', 'Black tee, back');
    swipe([300, 100], [240, 300]);
    expect(mainPhoto()).toHaveAttribute('alt', 'Black tee, back');
    swipe([100, 100], [250, 90]);
    expect(mainPhoto()).toHaveAttribute('alt', 'Cotton Tee, folded');
  });

  it('falls back to the product’s one photo when the answer has no gallery', async () => {
    await opened({ ...tee, photos: undefined, options: [], variants: undefined });
    expect(screen.queryByRole('region', { name: /Photos of/ })).not.toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Cotton Tee' });
    expect(img).toHaveAttribute('src', '/api/v1/product/product-photo/12?v=x1');
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  });

  it('shows a one-photo gallery without controls', async () => {
    await opened({ ...tee, photos: [tee.photos[1]] });
    expect(mainPhoto()).toHaveAttribute('alt', 'Black tee, back');
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(screen.getByTestId('gallery-main')).not.toHaveAttribute('tabindex');
  });
});

describe('choosing a variant', () => {
  it('has a group with a legend per option, and marks what cannot be picked before it is', async () => {
    const user = userEvent.setup();
    await opened(tee);
    const size = screen.getByRole('group', { name: 'Size' });
    expect(
      within(size)
        .getAllByRole('radio')
        .map((r) => r.value),
    ).toEqual(['S', 'M', 'L']);
    // L is sold out whatever the colour: marked and not to be picked.
    expect(radio('L (sold out)')).toBeDisabled();
    expect(radio('M')).toBeEnabled();
    expect(screen.getByText('L').closest('label')).toHaveClass('variant-value-out');
    await user.click(radio('Blue'));
    // Blue comes in S only: M is not sold with it.
    expect(radio('M (not available with Blue)')).toBeDisabled();
    expect(radio('S')).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Colour: Blue' })).toBeInTheDocument();
  });

  it('puts the chosen colour’s photos first and shows the first of them', async () => {
    const user = userEvent.setup();
    await opened(tee);
    await user.click(radio('Blue'));
    expect(mainPhoto()).toHaveAttribute('alt', 'Blue tee, front');
    expect(
      screen
        .getAllByRole('button', { name: /^Photo \d of 3/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Photo 1 of 3: Blue tee, front',
      'Photo 2 of 3: Cotton Tee, folded',
      'Photo 3 of 3: Black tee, back',
    ]);
    await user.click(radio('Black'));
    expect(mainPhoto()).toHaveAttribute('alt', 'Black tee, back');
  });

  it('shows "from" the lowest price until the choice is complete, then the variant’s price and stock', async () => {
    const user = userEvent.setup();
    await opened(tee);
    expect(screen.getByTestId('price')).toHaveTextContent('from ₹499');
    expect(screen.getByTestId('stock')).toHaveTextContent('In stock');
    await user.click(radio('M'));
    // Only M Black is left possible: its price.
    expect(screen.getByTestId('price')).toHaveTextContent('₹549');
    await user.click(radio('Black'));
    expect(screen.getByTestId('price')).toHaveTextContent('₹549');
    expect(screen.getByTestId('stock')).toHaveTextContent('Only 2 left');
    await user.click(radio('S'));
    expect(screen.getByTestId('price')).toHaveTextContent('₹499');
    expect(screen.getByTestId('stock')).toHaveTextContent('Only 4 left');
  });

  it('keeps the choice in the address, replacing the entry, and only once it is complete', async () => {
    const user = userEvent.setup();
    await opened(tee);
    await user.click(radio('M'));
    expect(address()).toBe('/product/cotton-tee POP');
    await user.click(radio('Black'));
    expect(address()).toBe('/product/cotton-tee?variant=18 REPLACE');
    await user.click(radio('S'));
    expect(address()).toBe('/product/cotton-tee?variant=17 REPLACE');
  });

  it('opens with the variant of the address chosen', async () => {
    await opened(tee, '/product/cotton-tee?variant=20');
    expect(radio('S')).toBeChecked();
    expect(radio('Blue')).toBeChecked();
    expect(screen.getByTestId('price')).toHaveTextContent('₹499');
    expect(screen.getByTestId('stock')).toHaveTextContent('Only 5 left');
    expect(mainPhoto()).toHaveAttribute('alt', 'Blue tee, front');
  });

  it('keeps the choice when a renamed product moves to its new address', async () => {
    server = fakeServer({
      'GET /api/v1/product/get-product/old-tee': { data: { success: true, product: tee } },
      'GET /api/v1/product/related-product/12/3': { data: { success: true, products: [] } },
    });
    render(
      <AuthProvider>
        <CartProvider>
          <MemoryRouter initialEntries={['/product/old-tee?variant=20']}>
            <Routes>
              <Route path="/product/:slug" element={<ProductDetailsPage />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </CartProvider>
      </AuthProvider>,
    );
    await screen.findByText('No Similar Products found');
    expect(address()).toBe('/product/cotton-tee?variant=20 REPLACE');
    expect(radio('Blue')).toBeChecked();
  });

  it('ignores a variant of the address that the product does not have', async () => {
    await opened(tee, '/product/cotton-tee?variant=999');
    expect(screen.getAllByRole('radio').filter((r) => r.checked)).toHaveLength(0);
    expect(screen.getByTestId('price')).toHaveTextContent('from ₹499');
  });

  it('starts again with Clear choice', async () => {
    const user = userEvent.setup();
    await opened(tee, '/product/cotton-tee?variant=20');
    await user.click(screen.getByRole('button', { name: 'Clear choice' }));
    expect(screen.getAllByRole('radio').filter((r) => r.checked)).toHaveLength(0);
    expect(address()).toBe('/product/cotton-tee REPLACE');
    expect(radio('M')).toBeEnabled();
  });
});

describe('Add to Cart', () => {
  it('asks for what is missing, with focus on it, and adds nothing', async () => {
    const user = userEvent.setup();
    await opened(tee);
    await user.click(radio('Black'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose your size first.');
    expect(radio('S')).toHaveFocus();
    expect(stored()).toEqual([]);
    await user.click(radio('M'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds the chosen variant, with its price and stock, once per press', async () => {
    const user = userEvent.setup();
    await opened(tee, '/product/cotton-tee?variant=18');
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    const cart = stored();
    expect(cart).toHaveLength(2);
    expect(cart[0]).toMatchObject({ _id: '12', variant: '18', price: 549, quantity: 2 });
    expect(await screen.findByText('You can order at most 2 of this product')).toBeInTheDocument();
  });

  it('cannot add a sold-out variant opened from the address', async () => {
    await opened(tee, '/product/cotton-tee?variant=19');
    expect(screen.getByTestId('stock')).toHaveTextContent('Out of stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('needs no choice for a product with one variant', async () => {
    const user = userEvent.setup();
    const mug = {
      ...tee,
      _id: '30',
      name: 'Mug',
      slug: 'mug',
      price: 250,
      quantity: 6,
      options: [],
      variants: [{ _id: '31', sku: 'MUG', options: {}, price: 250, quantity: 6 }],
      photos: [],
    };
    await opened(mug);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('₹250');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(stored()).toHaveLength(1));
    expect(stored()[0]).toMatchObject({ _id: '30', variant: '31', price: 250 });
  });
});

describe('maximum retail price', () => {
  const withMrp = {
    ...tee,
    variants: tee.variants.map((v) => ({
      ...v,
      mrp: { 17: 999, 18: 1099, 19: null, 20: 999 }[v._id],
    })),
  };

  it('shows the chosen variant’s MRP struck through, with the percentage off', async () => {
    const user = userEvent.setup();
    await opened(withMrp);
    // "from ₹499" has no one MRP.
    expect(screen.queryByTestId('mrp')).not.toBeInTheDocument();
    await user.click(radio('M'));
    await user.click(radio('Black'));
    expect(screen.getByTestId('mrp')).toHaveTextContent('Maximum retail price ₹1,099');
    expect(screen.getByTestId('price')).toHaveTextContent('₹549');
    expect(screen.getByTestId('percent-off')).toHaveTextContent('50% off');
    await user.click(radio('S'));
    expect(screen.getByTestId('mrp')).toHaveTextContent('M.R.P. ₹999');
    expect(screen.getByTestId('percent-off')).toHaveTextContent('50% off');
  });

  it('shows none for a variant without an MRP', async () => {
    await opened(withMrp, '/product/cotton-tee?variant=19');
    expect(screen.getByTestId('price')).toHaveTextContent('₹549');
    expect(screen.queryByTestId('mrp')).not.toBeInTheDocument();
  });

  it('shows the MRP of a product without variants', async () => {
    const lamp = {
      ...tee,
      _id: '40',
      name: 'Desk Lamp',
      slug: 'desk-lamp',
      price: 1499,
      mrp: 1999,
      options: undefined,
      variants: undefined,
      photos: [],
    };
    await opened(lamp);
    expect(screen.getByTestId('mrp')).toHaveTextContent('M.R.P. ₹1,999');
    expect(screen.getByTestId('percent-off')).toHaveTextContent('25% off');
  });
});
