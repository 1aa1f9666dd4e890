// The line under a PIN code field: once it has six digits, whether the shop delivers there
// and collects cash (deliveryChecks.js: one delivery call per PIN code), in a polite live
// region. `check` is the shop's delivery call, handed in by the page (features do not
// import each other): the address form has it, and the cart hands this line to the guest
// checkout form. Without `check` it stays empty.
import { deliveryText, usePinDelivery } from './deliveryChecks';

const TONES = { yes: 'text-success', noCod: 'text-warning-emphasis', no: 'text-danger' };

function deliveryLine({ state, answer }) {
  if (state === 'checking') return { tone: '', text: 'Checking delivery to this PIN code ...' };
  if (state === 'failed')
    return { tone: '', text: 'We could not check delivery to this PIN code just now.' };
  if (state !== 'done') return { tone: '', text: '' };
  const tone = !answer.serviceable ? 'no' : answer.cod ? 'yes' : 'noCod';
  return { tone: TONES[tone], text: deliveryText(answer) };
}

export default function PinDeliveryLine({ pincode, check = null, className = 'small mb-3' }) {
  const delivery = deliveryLine(usePinDelivery(pincode, check));
  return (
    <p className={`${className} ${delivery.tone}`} aria-live="polite" data-testid="pin-delivery">
      {delivery.text}
    </p>
  );
}
