// The dashboard's "Orders to act on" (docs/admin-guide.md): what needs the owner now, each
// a link to the screen that acts on it: orders waiting to be processed and orders in
// Processing past the days the shop ships within (each with its five oldest, linked to the
// order on All Orders), shipped orders past their expected delivery, return requests
// waiting and reported reviews. Only what is waiting is listed.
import { paths } from '../../../config/paths';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/apiClient';
import { useApi } from '../../../lib/useApi';
import { getToActOn } from './api';
import { DASHBOARD_MESSAGES as M } from './dashboardMessages';
import { rupees } from './money';
import { hoursSince } from './salesOverTime';

const ordersWith = (status) => `${paths.adminOrders}?status=${encodeURIComponent(status)}`;
const orderLink = (id) => `${paths.adminOrders}?q=${encodeURIComponent(`#${id}`)}`;

function Orders({ orders }) {
  if (!orders?.length) return null;
  return (
    <ul className="small mb-0">
      {orders.map((order) => (
        <li key={order._id}>
          <Link to={orderLink(order._id)}>{M.order(order._id)}</Link>,{' '}
          {M.placed(
            M.age(order.ageHours),
            rupees(order.total),
            M.methods[order.paymentMethod] ?? order.paymentMethod,
          )}
        </li>
      ))}
    </ul>
  );
}

// [{ key, text, to, since, orders }] of what is waiting, in the order the owner acts.
export function itemsOf(toActOn, now = new Date()) {
  const since = (moment) => (moment ? M.oldest(M.age(hoursSince(moment, now))) : null);
  const { notProcessed, lateToShip, overdueDelivery, returns, reviews } = toActOn;
  return [
    notProcessed && {
      key: 'notProcessed',
      count: notProcessed.count,
      text: M.notProcessed(notProcessed.count),
      to: ordersWith('Not Processed'),
      since: since(notProcessed.since),
      orders: notProcessed.orders,
    },
    lateToShip && {
      key: 'lateToShip',
      count: lateToShip.count,
      text: M.lateToShip(lateToShip.count, lateToShip.days),
      to: ordersWith('Processing'),
      since: since(lateToShip.since),
      orders: lateToShip.orders,
    },
    overdueDelivery && {
      key: 'overdueDelivery',
      count: overdueDelivery.count,
      text: M.overdueDelivery(overdueDelivery.count),
      to: ordersWith('Shipped'),
    },
    returns && {
      key: 'returns',
      count: returns.count,
      text: M.returns(returns.count),
      to: `${paths.adminReturns}?status=Requested`,
      since: since(returns.since),
    },
    reviews && {
      key: 'reviews',
      count: reviews.count,
      text: M.reviews(reviews.count),
      to: `${paths.adminReviews}?status=reported`,
      since: since(reviews.since),
    },
  ].filter((item) => item && item.count > 0);
}

function Items({ toActOn }) {
  const items = itemsOf(toActOn);
  if (items.length === 0) return <p className="text-body-secondary">{M.nothing}</p>;
  return (
    <ul className="list-group" aria-labelledby="to-act-on-heading" data-testid="to-act-on-list">
      {items.map((item) => (
        <li key={item.key} className="list-group-item" data-testid={`to-act-on-${item.key}`}>
          <Link to={item.to} className="fw-semibold">
            {item.text}
          </Link>
          {item.since ? `, ${item.since}` : null}
          <Orders orders={item.orders} />
        </li>
      ))}
    </ul>
  );
}

export default function ToActOnPanel() {
  const answer = useApi((signal) => getToActOn({ signal }).then(({ data }) => data.toActOn), []);
  return (
    <section className="mb-4" aria-labelledby="to-act-on-heading" data-testid="to-act-on">
      <h2 className="h5" id="to-act-on-heading">
        {M.actTitle}
      </h2>
      <div aria-live="polite" aria-busy={answer.loading}>
        {answer.loading && <p>{M.actLoading}</p>}
      </div>
      {answer.error && !answer.loading && (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{errorMessage(answer.error) ?? M.actFailed}</p>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={answer.reload}>
            {M.retry}
          </button>
        </div>
      )}
      {!answer.loading && !answer.error && answer.data && <Items toActOn={answer.data} />}
    </section>
  );
}
