// The checkout's main button, as the shopper's state calls for it: Please login to
// checkout (a guest, who comes back to the cart), Update Address (no address yet), Try
// Again and Pay Cash on Delivery Instead (an online payment not completed), else Place
// Order or Pay ₹X online, which names its progress while it works. `place` names the copy
// ("summary", "bar"): focus comes back to whichever is on screen.
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import UpdateAddressButton from '../../components/UpdateAddressButton';
import { PLACE_ORDER, payOnlineLabel } from './labels';

export default function CheckoutAction({ checkout, place }) {
  const navigate = useNavigate();
  const { user, address, retrying, busy, busyLabel, method, total, keepButton } = checkout;
  if (!user) {
    return (
      <button
        type="button"
        className="btn btn-warning"
        onClick={() => navigate(paths.login, { state: { from: paths.cart } })}
      >
        Please login to checkout
      </button>
    );
  }
  if (!address.known) return <UpdateAddressButton />;
  if (retrying) {
    return (
      <span className="d-inline-flex flex-wrap justify-content-center gap-2">
        <button
          type="button"
          className="btn btn-success"
          onClick={checkout.tryAgain}
          disabled={busy}
          ref={keepButton(place)}
        >
          Try Again
        </button>
        {checkout.codUsable && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={checkout.switchToCod}
            disabled={busy}
          >
            Pay Cash on Delivery Instead
          </button>
        )}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-success"
      onClick={checkout.placeOrder}
      disabled={busy || checkout.empty || method === null}
      ref={keepButton(place)}
    >
      {busy ? busyLabel : method === 'razorpay' ? payOnlineLabel(total) : PLACE_ORDER}
    </button>
  );
}
