// The live region of an online payment: always in the page (a region added together with
// its text is not read out), empty while nothing happens. After a failure or dismissal it
// says "Payment not completed" and why; the caller's buttons (Try Again, Pay cash on
// delivery instead, Pay Now) sit next to it.
import { MESSAGES } from '../constants/messages';

export default function PaymentStatus({ phase, detail, className = '' }) {
  const failed = phase === 'failed';
  const shown = detail || failed;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="payment-status"
      className={shown ? `alert ${failed ? 'alert-warning' : 'alert-info'} ${className}` : ''}
    >
      {failed && <strong className="d-block">{MESSAGES.paymentNotCompleted}</strong>}
      {detail}
    </div>
  );
}
