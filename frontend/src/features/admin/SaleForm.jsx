// The sale form of the admin panel, to create a sale or, given one, to edit it: its name
// (shoppers see it on the badge), kind and value (percent off, or rupees off each unit),
// the window (the admin's local time; both ends required), the categories (a
// multi-select) and products (ids separated by commas) it covers (none: the whole shop),
// and Active. Problems show beside their fields (checked here first, and the server's
// `errors`), the server's sentence in the alert above the buttons; the first problem
// takes the focus. `onSubmit(payload)` sends it and answers { ok } or { message, errors }.
import { NAME_MAX, formFromSale, saleErrors, salePayload } from './sales';
import { Field, PromotionForm } from './PromotionFields';

const SALE = {
  toForm: formFromSale,
  check: saleErrors,
  toPayload: salePayload,
  noun: 'Sale',
  alertTestId: 'sale-form-alert',
  activeHelp: 'A paused sale changes no price, even within its window.',
  windowRequired: true,
  identity: (bind) => (
    <Field
      bind={bind}
      field="name"
      label="Name"
      help="Shoppers see it beside the price, as “Diwali Sale”."
      className="col-sm-6 col-lg-4"
      maxLength={NAME_MAX}
      required
    />
  ),
};

// `props`: categories (for the multi-select), onSubmit and onCancel.
export default function SaleForm({ sale = null, categories = [], ...props }) {
  return <PromotionForm promotion={sale} categories={categories} {...SALE} {...props} />;
}
