import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { SHOP } from '../components/shopInfo';

export default function ReturnsPage() {
  usePageMeta({ title: 'Returns and refunds - ShopSphere' });
  return (
    <div className="container py-4" style={{ maxWidth: '52rem' }}>
      <h1 className="h2 mb-3">Returns and refunds</h1>
      <p className="lead">Not happy with something you bought? Return it within 7 days.</p>
      <h2 className="h5 mt-4">What you can return</h2>
      <ul>
        <li>Electronics and gadgets: unused, in the original sealed box, within 7 days.</li>
        <li>Clothing: unworn, with tags attached, within 7 days (size exchanges are free).</li>
        <li>Damaged, defective or wrong items: always, within 7 days of delivery.</li>
      </ul>
      <h2 className="h5 mt-4">What you cannot return</h2>
      <p>Opened software, gift cards, innerwear and items damaged after delivery.</p>
      <h2 className="h5 mt-4">How to return</h2>
      <ol>
        <li>
          Write to <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> or call {SHOP.tollFree}{' '}
          (toll-free) with your order number.
        </li>
        <li>We arrange a free pickup from your address within 2 working days.</li>
        <li>Once the item passes a quick check, we refund you.</li>
      </ol>
      <h2 className="h5 mt-4">Refunds</h2>
      <p>
        Refunds go back to the original payment method within 5 to 7 working days: UPI and card
        payments to the same account, cash on delivery orders by bank transfer (NEFT/IMPS). The full
        amount in rupees is refunded, delivery charges included when the item was faulty.
      </p>
      <p>
        Questions? See the <Link to={paths.faq}>FAQ</Link> or{' '}
        <Link to={paths.contact}>contact us</Link>.
      </p>
    </div>
  );
}
