// /order/:id#token=...: a guest's order, for whoever holds its token (the order mail's
// link, the guest checkout's answer; docs/orders.md, "Guest checkout"). The token is read
// from the fragment (or `?token=`) and sent to the API in a header, never in a URL the
// server sees. The order reads as the buyer's order page shows it (OrderCard: lines, tax,
// address, shipment, invoice and credit notes to download by the token), its timeline,
// and Pay Now while an online payment is awaited. A wrong token reads as not found.
// Signed in with the e-mail the guest gave, opening it makes it the account's order.
import { Link, useLocation, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageMeta } from '../lib/usePageMeta';
import Loading from '../components/Loading';
import OrderCard from '../features/orders/OrderCard';
import OrderTimeline from '../features/orders/OrderTimeline';
import { rememberOrderToken } from '../features/orders/api';
import { NOT_FOUND, useOrderPage } from './user/useOrderPage';
import { OrderActions, OrderProblem } from './user/OrderDetailPage';

export function tokenFrom(location) {
  const fragment = new URLSearchParams((location.hash || '').replace(/^#/, ''));
  return fragment.get('token') || new URLSearchParams(location.search).get('token') || '';
}

export default function GuestOrderPage() {
  const { id } = useParams();
  const location = useLocation();
  // Before the page's first read: every call about this order carries the token.
  rememberOrderToken(id, tokenFrom(location));
  const page = useOrderPage(id);
  usePageMeta({ title: `Order #${id} - ShopSphere` });
  const { order, loading, error } = page;
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">Your order</h1>
      {loading && <Loading />}
      <OrderProblem error={error} />
      {error === NOT_FOUND && (
        <p>
          Please open the link from your order mail again, or <Link to={paths.login}>log in</Link>{' '}
          to see your orders.
        </p>
      )}
      {order && (
        <>
          <p className="alert alert-success" role="status">
            Order #{order._id} is{' '}
            {order.status === 'Awaiting Payment' ? 'awaiting payment' : 'placed'}. We mail every
            change to you; the link to this page is in the mail.
          </p>
          <OrderCard order={order} actions={<OrderActions page={page} allowCancel={false} />} />
          <OrderTimeline order={order} returns={[]} />
        </>
      )}
    </div>
  );
}
