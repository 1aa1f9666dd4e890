// Returns (decision F8: a real page). How refunds are paid follows the payment methods the
// shop offers (shop-info): cash on delivery orders by bank transfer, online payments back
// to the same account only when the shop takes them. A return that is accepted gets a GST
// credit note when the shop issues invoices.
import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { useShopInfo } from '../features/shop/useShopInfo';
import { CareEmail, PhoneLink, ShopSkeleton } from '../features/shop/ShopParts';
import { offersCod, offersOnline } from '../features/shop/shopRules';

function refundText(paymentMethods) {
  const ways = [];
  if (offersOnline(paymentMethods)) ways.push('online payments to the same account or card');
  if (offersCod(paymentMethods)) ways.push('cash on delivery orders by bank transfer (NEFT/IMPS)');
  return ways.length
    ? `Refunds are paid within 5 to 7 working days of the check: ${ways.join(', ')}.`
    : 'Refunds are paid within 5 to 7 working days of the check.';
}

export default function ReturnsPage() {
  usePageMeta({ title: 'Returns and refunds - ShopSphere' });
  const { shop, paymentMethods, invoices, delivery, loading } = useShopInfo();
  // With free delivery there is no delivery charge to give back.
  const charged = Number(delivery?.charge) > 0;
  return (
    <div className="container py-4" style={{ maxWidth: '52rem' }} aria-busy={loading}>
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
          Write to <CareEmail shop={shop} loading={loading} />
          {shop?.phone && (
            <>
              {' '}
              or call <PhoneLink phone={shop.phone} />
            </>
          )}{' '}
          with your order number.
        </li>
        <li>We arrange a free pickup from your address within 2 working days.</li>
        <li>Once the item passes a quick check, we refund you.</li>
      </ol>
      <h2 className="h5 mt-4">Refunds</h2>
      {loading ? (
        <ShopSkeleton widths={[95, 70]} label={null} />
      ) : (
        <p data-testid="refunds">
          {refundText(paymentMethods)} The full amount in rupees is refunded
          {charged ? ', delivery charges included when the item was faulty.' : '.'}
          {invoices &&
            ' We issue a GST credit note for every return we accept; download it from your orders.'}
        </p>
      )}
      <p>
        Questions? See the <Link to={paths.faq}>FAQ</Link> or{' '}
        <Link to={paths.contact}>contact us</Link>.
      </p>
    </div>
  );
}
