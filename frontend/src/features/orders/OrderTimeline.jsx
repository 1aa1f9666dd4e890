// The order's way from placed to delivered, and its returns after (timelineSteps): each
// step reached with when, the newest marked as the current one, then the steps still ahead
// of an order on its way (Delivered with its expected day). Replaces the bare status
// history on the order's page; nothing for an answer without dates.
import { AFTER_SALE_MESSAGES as M } from './afterSaleMessages';
import { timelineSteps } from './afterSale';
import { orderDate } from './orderFormat';

export default function OrderTimeline({ order, returns }) {
  const steps = timelineSteps(order, returns);
  if (steps.length === 0) return null;
  const current = steps.filter((step) => step.done).at(-1)?.key;
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="order-timeline">
      <div className="card-body">
        <h2 id="order-timeline" className="h5">
          {M.timelineHeading}
        </h2>
        <ol className="order-history list-unstyled mb-0" data-testid="timeline">
          {steps.map((step) => (
            <li
              key={step.key}
              className={`d-flex flex-wrap justify-content-between gap-2 border-start border-2 ps-3 pb-2${
                step.done ? ' border-success' : ' text-body-secondary'
              }`}
              aria-current={step.key === current ? 'step' : undefined}
            >
              <span className={step.done ? 'fw-semibold' : undefined}>{step.label}</span>
              {step.done && step.at && (
                <time dateTime={step.at} className="text-body-secondary">
                  {orderDate(step.at)}
                </time>
              )}
              {!step.done && (
                <span className="small">
                  {step.expected ? M.stepExpected(step.expected) : M.stepPending}
                </span>
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
