// The product form's options and variants (variants-api.md): the grid of combinations,
// the bulk stock, what is sent (options and variants JSON, stored variants keeping their
// _id) and the checks that keep a bad form from being sent.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductForm from './ProductForm';
import { TEXTS } from './variants';

const categories = [{ _id: '3', name: 'Clothing', slug: 'clothing' }];

const renderForm = (props = {}) => {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  render(<ProductForm categories={categories} submitLabel="SAVE" onSubmit={onSubmit} {...props} />);
  return onSubmit;
};

// Adds an option through the editor: its name, then its values typed as a comma list.
async function addOption(user, n, name, values) {
  await user.click(screen.getByRole('button', { name: 'Add Option' }));
  const nameField = screen.getByLabelText(`Option ${n} name`);
  expect(nameField).toHaveFocus();
  await user.type(nameField, name);
  await user.type(screen.getByLabelText(`Option ${n} values`), `${values.join(',')}{Enter}`);
}

const gridRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const sent = (onSubmit, field) => JSON.parse(onSubmit.mock.calls[0][0].get(field));

const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Black', 'Blue', 'Red', 'White'];

describe('ProductForm options and variants', () => {
  it('shows no grid without options, and sends no options or variants', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    const body = onSubmit.mock.calls[0][0];
    expect(body.has('options')).toBe(false);
    expect(body.has('variants')).toBe(false);
    expect(body.has('gallery')).toBe(false);
  });

  it('has one grid row per combination: 12 rows for 3 sizes and 4 colours', async () => {
    const user = userEvent.setup();
    renderForm();
    await addOption(user, 1, 'Size', SIZES);
    await addOption(user, 2, 'Colour', COLOURS);

    const values = within(screen.getByRole('list', { name: 'Values of Colour' })).getAllByRole(
      'listitem',
    );
    expect(values.map((li) => li.textContent)).toEqual(COLOURS);
    const rows = gridRows();
    expect(rows).toHaveLength(12);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Size', 'Colour', 'Sold', 'SKU', 'Stock', 'Price', 'MRP']);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('S');
    expect(rows[0]).toHaveTextContent('Black');
    expect(within(rows[11]).getByRole('rowheader')).toHaveTextContent('L');
    expect(rows[11]).toHaveTextContent('White');
    expect(screen.getByLabelText('Sold: M / Red')).toBeChecked();
    // The product's own quantity is the variants' sum, not typed.
    expect(screen.getByLabelText('Quantity')).toBeDisabled();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      'The price of every variant without a price of its own.',
    );

    // A third option multiplies the rows; removing it brings them back.
    await addOption(user, 3, 'Fit', ['Slim', 'Regular']);
    expect(gridRows()).toHaveLength(24);
    expect(screen.queryByRole('button', { name: 'Add Option' })).not.toBeInTheDocument();
    expect(screen.getByText(TEXTS.optionsFull)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Option Fit' }));
    expect(gridRows()).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Add Option' })).toHaveFocus();
  });

  it('sets the stock of every sold row at once and sums it into Quantity', async () => {
    const user = userEvent.setup();
    renderForm();
    await addOption(user, 1, 'Size', SIZES);
    await addOption(user, 2, 'Colour', COLOURS);
    await user.click(screen.getByLabelText('Sold: M / Blue'));
    expect(screen.getByLabelText('Stock of M / Blue')).toBeDisabled();

    await user.type(screen.getByLabelText('Stock for every sold variant'), '5');
    await user.click(screen.getByRole('button', { name: 'Set All Stock' }));

    for (const size of SIZES) {
      for (const colour of COLOURS) {
        const stock = screen.getByLabelText(`Stock of ${size} / ${colour}`);
        if (size === 'M' && colour === 'Blue') expect(stock).toHaveValue(null);
        else expect(stock).toHaveValue(5);
      }
    }
    expect(screen.getByLabelText('Quantity')).toHaveValue(55);
    expect(screen.getByRole('table')).toHaveAccessibleName('12 combinations, 11 sold');

    // A stock that is not a whole number is refused beside the bulk field.
    await user.clear(screen.getByLabelText('Stock for every sold variant'));
    await user.type(screen.getByLabelText('Stock for every sold variant'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Set All Stock' }));
    expect(screen.getByLabelText('Stock for every sold variant')).toHaveAccessibleDescription(
      TEXTS.stockInvalid,
    );
    expect(screen.getByLabelText('Stock of S / Black')).toHaveValue(5);
  });

  it('sends the options and the sold combinations as variants, with their own SKU and price', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.selectOptions(screen.getByLabelText('Category'), 'Clothing');
    await user.type(screen.getByLabelText('Name'), 'Tee');
    await user.type(screen.getByLabelText('Price'), '499');
    await addOption(user, 1, 'Size', SIZES);
    await addOption(user, 2, 'Colour', COLOURS);
    await user.type(screen.getByLabelText('Stock for every sold variant'), '3');
    await user.click(screen.getByRole('button', { name: 'Set All Stock' }));
    await user.click(screen.getByLabelText('Sold: L / White'));
    await user.type(screen.getByLabelText('SKU of S / Black'), 'TEE-S-BLK');
    await user.type(screen.getByLabelText('Price of L / Red'), '549');
    await user.clear(screen.getByLabelText('Stock of M / Red'));
    await user.type(screen.getByLabelText('Stock of M / Red'), '7');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    const body = onSubmit.mock.calls[0][0];
    expect(body.get('price')).toBe('499');
    expect(body.get('quantity')).toBe(String(3 * 10 + 7));
    expect(sent(onSubmit, 'options')).toEqual([
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ]);
    const variants = sent(onSubmit, 'variants');
    expect(variants).toHaveLength(11);
    expect(variants[0]).toEqual({
      sku: 'TEE-S-BLK',
      options: { Size: 'S', Colour: 'Black' },
      price: null,
      quantity: 3,
      mrp: null,
    });
    expect(variants).toContainEqual({
      options: { Size: 'L', Colour: 'Red' },
      price: 549,
      quantity: 3,
      mrp: null,
    });
    expect(variants).toContainEqual({
      options: { Size: 'M', Colour: 'Red' },
      price: null,
      quantity: 7,
      mrp: null,
    });
    expect(variants.some((v) => v.options.Size === 'L' && v.options.Colour === 'White')).toBe(
      false,
    );
    // The gallery was not touched: nothing of it travels.
    expect(body.has('gallery')).toBe(false);
    expect(body.has('photos')).toBe(false);
  });

  describe('on a stored product', () => {
    const product = {
      _id: '12',
      name: 'Tee',
      description: 'Cotton',
      price: 499,
      quantity: 9,
      shipping: 1,
      category: { _id: '3', name: 'Clothing' },
      options: [
        { name: 'Size', values: ['S', 'M'] },
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
          sku: 'TEE-S-BLU',
          options: { Size: 'S', Colour: 'Blue' },
          price: 549,
          quantity: 2,
        },
        {
          _id: '19',
          sku: 'TEE-M-BLK',
          options: { Size: 'M', Colour: 'Black' },
          price: 499,
          quantity: 3,
        },
      ],
      photos: [],
    };

    it('shows each variant on its row, and a combination without one as not sold', () => {
      renderForm({ product });
      expect(gridRows()).toHaveLength(4);
      expect(screen.getByLabelText('Sold: M / Blue')).not.toBeChecked();
      expect(screen.getByLabelText('SKU of M / Blue')).toBeDisabled();
      expect(screen.getByLabelText('SKU of S / Blue')).toHaveValue('TEE-S-BLU');
      expect(screen.getByLabelText('Stock of S / Black')).toHaveValue(4);
      // Priced like the product: blank, so it follows the Price field.
      expect(screen.getByLabelText('Price of S / Black')).toHaveValue(null);
      expect(screen.getByLabelText('Price of S / Black')).toHaveAttribute('placeholder', '499');
      expect(screen.getByLabelText('Price of S / Blue')).toHaveValue(549);
      expect(screen.getByLabelText('Quantity')).toHaveValue(9);
    });

    it('sends stored variants back with their _id; a removed value drops its variants', async () => {
      const user = userEvent.setup();
      const onSubmit = renderForm({ product });
      await user.click(screen.getByRole('button', { name: 'Remove Blue from Colour' }));
      // S / Blue holds 2: asked first, and Keep it keeps the value and its row.
      const dialog = screen.getByRole('dialog', { name: 'Remove Blue from Colour?' });
      expect(dialog).toHaveTextContent(TEXTS.stockHeld(2));
      await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
      expect(gridRows()).toHaveLength(4);
      await user.click(screen.getByRole('button', { name: 'Remove Blue from Colour' }));
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      expect(screen.getByLabelText('Option 2 values')).toHaveFocus();
      expect(gridRows()).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'SAVE' }));

      expect(sent(onSubmit, 'options')).toEqual([
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Black'] },
      ]);
      expect(sent(onSubmit, 'variants')).toEqual([
        {
          _id: '17',
          sku: 'TEE-S-BLK',
          options: { Size: 'S', Colour: 'Black' },
          price: null,
          quantity: 4,
          mrp: null,
        },
        {
          _id: '19',
          sku: 'TEE-M-BLK',
          options: { Size: 'M', Colour: 'Black' },
          price: null,
          quantity: 3,
          mrp: null,
        },
      ]);
    });

    it('keeps a variant (and its _id) when its value is removed and added back, and follows a renamed option', async () => {
      const user = userEvent.setup();
      const onSubmit = renderForm({ product });
      await user.click(screen.getByRole('button', { name: 'Remove Blue from Colour' }));
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      expect(gridRows()).toHaveLength(2);
      await user.type(screen.getByLabelText('Option 2 values'), 'Blue{Enter}');
      await user.clear(screen.getByLabelText('Option 2 name'));
      await user.type(screen.getByLabelText('Option 2 name'), 'Color');
      await user.click(screen.getByRole('button', { name: 'SAVE' }));

      const variants = sent(onSubmit, 'variants');
      expect(variants.map((v) => v._id)).toEqual(['17', '18', '19']);
      expect(variants[1]).toEqual({
        _id: '18',
        sku: 'TEE-S-BLU',
        options: { Size: 'S', Color: 'Blue' },
        price: 549,
        quantity: 2,
        mrp: null,
      });
    });

    it('goes back to one variant with the Quantity field when every option is removed', async () => {
      const user = userEvent.setup();
      const onSubmit = renderForm({ product });
      await user.click(screen.getByRole('button', { name: 'Remove Option Size' }));
      expect(screen.getByRole('dialog', { name: 'Remove the option Size?' })).toHaveTextContent(
        TEXTS.stockHeld(9),
      );
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      // Colour's rows are new (no stock): removed at once.
      await user.click(screen.getByRole('button', { name: 'Remove Option Colour' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Quantity')).toBeEnabled();
      await user.clear(screen.getByLabelText('Quantity'));
      await user.type(screen.getByLabelText('Quantity'), '6');
      await user.click(screen.getByRole('button', { name: 'SAVE' }));

      expect(sent(onSubmit, 'options')).toEqual([]);
      expect(sent(onSubmit, 'variants')).toEqual([{ options: {}, price: null, quantity: 6 }]);
    });
  });

  describe('checks before sending', () => {
    it('refuses a value already there, beside the values field', async () => {
      const user = userEvent.setup();
      renderForm();
      await addOption(user, 1, 'Size', SIZES);
      await user.type(screen.getByLabelText('Option 1 values'), 'm{Enter}');
      expect(screen.getByLabelText('Option 1 values')).toHaveAccessibleDescription(
        expect.stringContaining(TEXTS.optionValueTaken('m', 'Size')),
      );
      expect(
        within(screen.getByRole('list', { name: 'Values of Size' })).getAllByRole('listitem'),
      ).toHaveLength(3);
    });

    it('says two options have the same name and sends nothing', async () => {
      const user = userEvent.setup();
      const onSubmit = renderForm();
      await user.type(screen.getByLabelText('Price'), '100');
      await addOption(user, 1, 'Size', SIZES);
      await addOption(user, 2, 'size', ['Free']);
      // Said at once, before any save.
      expect(screen.getByLabelText('Option 2 name')).toHaveAccessibleDescription(
        TEXTS.optionNameTaken('size'),
      );
      await user.click(screen.getByRole('button', { name: 'SAVE' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Option 2 name')).toHaveFocus();
      expect(screen.getByLabelText('Option 2 name')).toHaveAttribute('aria-invalid', 'true');

      await user.clear(screen.getByLabelText('Option 2 name'));
      await user.type(screen.getByLabelText('Option 2 name'), 'Fit');
      expect(screen.queryByText(TEXTS.optionNameTaken('size'))).not.toBeInTheDocument();
    });

    it('asks for the name and values of an empty option, then for one sold row', async () => {
      const user = userEvent.setup();
      const onSubmit = renderForm();
      await user.type(screen.getByLabelText('Price'), '100');
      await user.click(screen.getByRole('button', { name: 'Add Option' }));
      await user.click(screen.getByRole('button', { name: 'SAVE' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Option 1 name')).toHaveAccessibleDescription(
        TEXTS.optionNameRequired,
      );
      expect(screen.getByLabelText('Option 1 values')).toHaveAccessibleDescription(
        expect.stringContaining(TEXTS.optionValuesRequired),
      );
      expect(screen.getByLabelText('Option 1 name')).toHaveFocus();

      await user.type(screen.getByLabelText('Option 1 name'), 'Size');
      await user.type(screen.getByLabelText('Option 1 values'), 'S{Enter}');
      await user.click(screen.getByLabelText('Sold: S'));
      await user.click(screen.getByRole('button', { name: 'SAVE' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByText(TEXTS.noneSold)).toHaveFocus();
    });

    it('refuses a bad stock or price in a row, and a blank Price that a row needs', async () => {
      const user = userEvent.setup();
      const onSubmit = renderForm();
      await addOption(user, 1, 'Size', SIZES);
      await user.type(screen.getByLabelText('Stock of M'), '1.5');
      await user.type(screen.getByLabelText('Price of L'), '-3');
      await user.click(screen.getByRole('button', { name: 'SAVE' }));

      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
        expect.stringContaining(TEXTS.defaultPriceRequired),
      );
      expect(screen.getByLabelText('Price')).toHaveFocus();
      expect(screen.getByLabelText('Stock of M')).toHaveAccessibleDescription(TEXTS.stockInvalid);
      expect(screen.getByLabelText('Price of L')).toHaveAccessibleDescription(TEXTS.priceInvalid);

      await user.type(screen.getByLabelText('Price'), '250');
      await user.click(screen.getByRole('button', { name: 'SAVE' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Stock of M')).toHaveFocus();
    });
  });

  it("shows the server's error on the variants beside the grid and focuses it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockResolvedValue({ errors: { variants: 'SKU TEE-S is already used.' } });
    render(<ProductForm categories={categories} submitLabel="SAVE" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Price'), '100');
    await addOption(user, 1, 'Size', SIZES);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    const message = await screen.findByText('SKU TEE-S is already used.');
    expect(message).toHaveFocus();
    // Changing a row clears it.
    await user.type(screen.getByLabelText('SKU of S'), 'X');
    expect(screen.queryByText('SKU TEE-S is already used.')).not.toBeInTheDocument();
  });
});
