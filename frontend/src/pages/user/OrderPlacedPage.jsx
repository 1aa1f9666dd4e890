// /dashboard/user/orders/:id/placed: where checkout lands (cash on delivery, or Razorpay
// once the payment is verified). It names the order, its total, where it goes and how it
// is paid, and what happens next: cash on delivery is paid at the door, an online payment
// is confirmed, and an order still awaiting its payment offers Pay Now. Links lead to
// the order's page and back to the shop. It reads the order from the server, so a reload
// shows the same.
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/usePageMeta';
import { formatPrice } from '../../lib/format';
import Loading from '../../components/Loading';
import { paymentText } from '../../features/orders/OrderCard';
import PaymentStatus from '../../components/PaymentStatus';
import { AWAITING_PAYMENT, deliveryText, itemCount } from '../../features/orders/orderFormat';
import { OrderActions, OrderProblem } from './OrderDetailPage';
import { useOrderPage } from './useOrderPage';

function nextStep(order) {
  const total = formatPrice(order.total);
  if (order.status === 'Cancelled') return 'This order was cancelled.';
  if (order.payment?.method === 'razorpay') {
    if (order.payment?.success) {
      return `We have your payment of ${total}. We will tell you when your order ships.`;
    }
    if (order.status === AWAITING_PAYMENT) {
      return `We are waiting for your payment of ${total}. Your items are held for you until then.`;
    }
  }
  return `Pay ${total} in cash when your order is delivered. We will tell you when it ships.`;
}

export default function OrderPlacedPage() {
  const { id } = useParams();
  usePageMeta({ title: `Order #${id} placed - ShopSphere` });
  const page = useOrderPage(id);
  const { order, loading, error, payment } = page;

  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <div className="col-md-9 col-lg-7">
          {loading && <Loading />}
          <OrderProblem error={error} />
          {order && (
            <section className="card shadow-sm" aria-labelledby="order-placed">
              <div className="card-body">
                <h1 id="order-placed" className="h3">
                  Thank you! Your order is placed.
                </h1>
                <p className="fs-5 mb-3" data-testid="order-number">
                  Order number <strong>#{order._id}</strong>
                </p>
                <dl className="order-placed-facts mb-3">
                  <div>
                    <dt>Total</dt>
                    <dd data-testid="placed-total">
                      {formatPrice(order.total)}{' '}
                      <span className="text-body-secondary small">
                        for {itemCount(order)} {itemCount(order) === 1 ? 'item' : 'items'},
                        including taxes
                        {Number(order.deliveryCharge) > 0
                          ? ` and ${formatPrice(order.deliveryCharge)} delivery`
                          : ''}
                      </span>
                    </dd>
                  </div>
                  <div>
                    <dt>Deliver to</dt>
                    <dd data-testid="placed-address">{deliveryText(order)}</dd>
                  </div>
                  <div>
                    <dt>Payment</dt>
                    <dd data-testid="placed-payment">{paymentText(order)}</dd>
                  </div>
                </dl>
                <h2 className="h5">What happens next</h2>
                <p data-testid="next-step">{nextStep(order)}</p>
                <PaymentStatus phase={payment.phase} detail={payment.detail} />
                <div className="mb-3">
                  <OrderActions page={page} allowCancel={false} />
                </div>
                <div className="d-flex flex-wrap gap-2">
                  <Link className="btn btn-primary" to={paths.userOrder(order._id)}>
                    View Order
                  </Link>
                  <Link className="btn btn-outline-secondary" to={paths.home}>
                    Continue Shopping
                  </Link>
                </div>
              </div>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
