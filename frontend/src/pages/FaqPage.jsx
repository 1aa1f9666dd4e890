import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { SHOP } from '../components/shopInfo';

const QUESTIONS = [
  {
    q: 'Where do you deliver?',
    a: 'Anywhere in India served by our courier partners: over 19,000 PIN codes. Metro cities usually receive orders in 2 to 4 working days, other places in 4 to 7.',
  },
  {
    q: 'How much does delivery cost?',
    a: 'Delivery is free on orders of ₹499 or more. Below that a flat ₹49 is added at checkout. Products marked for shipping are sent from our Bengaluru warehouse.',
  },
  {
    q: 'Which payment methods do you accept?',
    a: 'UPI, debit and credit cards, net banking and cash on delivery for orders up to ₹10,000.',
  },
  {
    q: 'Are the products genuine and under warranty?',
    a: 'Yes. Everything is sourced from the brand or its authorised distributors, comes with a GST invoice and carries the full manufacturer’s warranty.',
  },
  {
    q: 'Do I need an account to shop?',
    a: 'You can browse and fill your cart as a guest. To check out, please register or log in so we know where to deliver.',
  },
  {
    q: 'I forgot my password. What now?',
    a: 'Use “Forgot Password” on the login page: enter your e-mail, the answer to your security question and a new password.',
  },
];

export default function FaqPage() {
  usePageMeta({ title: 'Frequently asked questions - ShopSphere' });
  return (
    <div className="container py-4" style={{ maxWidth: '52rem' }}>
      <h1 className="h2 mb-4">Frequently asked questions</h1>
      {QUESTIONS.map(({ q, a }) => (
        <details key={q} className="card mb-2 shadow-sm">
          <summary className="card-header fw-semibold">{q}</summary>
          <p className="card-body mb-0">{a}</p>
        </details>
      ))}
      <p className="mt-4">
        Still have a question? See our <Link to={paths.returns}>returns policy</Link> or write to{' '}
        <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>.
      </p>
    </div>
  );
}
