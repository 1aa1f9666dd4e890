// FAQ (decision F8: a real page): what the shop does, read from its settings (shop-info):
// the delivery rule, the payment methods configured and the cash on delivery cap, GST
// invoices. While they load those answers show grey lines; if they cannot be loaded the
// answers say where to find them instead of promising anything.
import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { useShopInfo } from '../features/shop/useShopInfo';
import { CareEmail, ShopSkeleton } from '../features/shop/ShopParts';
import {
  capitalise,
  codLimitText,
  deliveryRuleText,
  offersCod,
  paymentMethodsText,
} from '../features/shop/shopRules';

const NOT_LOADED = 'The cart shows the delivery charge and the ways to pay before you order.';

function paymentAnswer({ paymentMethods, codLimit }) {
  const methods = paymentMethodsText(paymentMethods);
  if (!methods) return NOT_LOADED;
  const cap = offersCod(paymentMethods) ? codLimitText(codLimit) : null;
  const only = paymentMethods.length === 1 ? ' only' : '';
  return [`We accept ${methods}${only}.`, cap].filter(Boolean).join(' ');
}

function invoiceAnswer(invoices) {
  const base =
    'Yes. Everything is sourced from the brand or its authorised distributors and carries the full manufacturer’s warranty.';
  return invoices
    ? `${base} Every order comes with a GST invoice once it ships: download it from your orders.`
    : base;
}

function questions(info) {
  return [
    {
      q: 'Where do you deliver?',
      a: 'Across India, to the PIN codes our courier partners serve. Enter your PIN code under “Check Delivery” on any product page to see whether we deliver there and whether cash on delivery is available.',
    },
    {
      q: 'How much does delivery cost?',
      a: deliveryRuleText(info.delivery) ?? NOT_LOADED,
      rule: 1,
    },
    { q: 'Which payment methods do you accept?', a: paymentAnswer(info), rule: 1 },
    { q: 'Are the products genuine and under warranty?', a: invoiceAnswer(info.invoices) },
    {
      q: 'Do I need an account to shop?',
      a: 'You can browse and fill your cart as a guest. To check out, please register or log in so we know where to deliver.',
    },
    {
      q: 'I forgot my password. What now?',
      a: 'Use “Forgot Password” on the login page: enter your e-mail, the answer to your security question and a new password.',
    },
  ];
}

export default function FaqPage() {
  usePageMeta({ title: 'Frequently asked questions - ShopSphere' });
  const info = useShopInfo();
  return (
    <div className="container py-4" style={{ maxWidth: '52rem' }} aria-busy={info.loading}>
      <h1 className="h2 mb-4">Frequently asked questions</h1>
      {questions(info).map(({ q, a, rule }) => (
        <details key={q} className="card mb-2 shadow-sm">
          <summary className="card-header fw-semibold">{q}</summary>
          {rule && info.loading ? (
            <div className="card-body">
              <ShopSkeleton widths={[90, 60]} label={null} />
            </div>
          ) : (
            <p className="card-body mb-0">{capitalise(a)}</p>
          )}
        </details>
      ))}
      <p className="mt-4">
        Still have a question? See our <Link to={paths.returns}>returns policy</Link> or write to{' '}
        <CareEmail shop={info.shop} loading={info.loading} />.
      </p>
    </div>
  );
}
