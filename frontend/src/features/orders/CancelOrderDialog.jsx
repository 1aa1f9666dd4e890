// Asks before an order is cancelled (by its buyer or an admin): names the order, says it
// cannot be undone (and, for an order paid online, that the payment is refunded), keeps
// the order unless the danger button is pressed.
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import { MESSAGES } from '../../constants/messages';

export default function CancelOrderDialog({ order, busy = false, onKeep, onCancelOrder }) {
  return (
    <ConfirmDialog
      open={Boolean(order)}
      title={order ? MESSAGES.cancelOrderTitle(order._id) : ''}
      question={
        order
          ? MESSAGES.cancelOrderQuestion(
              order._id,
              order.payment?.method === 'razorpay' && Boolean(order.payment?.success),
            )
          : ''
      }
      confirmLabel={MESSAGES.confirmCancelOrder}
      cancelLabel={MESSAGES.keepOrder}
      busy={busy}
      onCancel={onKeep}
      onConfirm={onCancelOrder}
    />
  );
}
