// Returns (decision F8: a real page; the spec fixes none of its words). It says what the
// shop does (contract, "Returns and exchanges"), with shop-info's figures: delivered items
// come back or are exchanged within `shop.returnWindowDays` of delivery, asked for from the
// order's page; the shop checks what comes back; a refund goes to the online payment, or
// for cash on delivery by UPI or NEFT to the buyer's UPI ID or bank account. The shop has
// no pickup service of its own, so the page promises none: it tells the buyer how to send
// the item once the request is approved.
import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { useShopInfo } from '../features/shop/useShopInfo';
import { CareEmail, PhoneLink, ShopSkeleton } from '../features/shop/ShopParts';
import { offersCod, offersOnline } from '../features/shop/shopRules';

// The window in days from shop-info, or null when it is not known (loading, failed, an
// older server): the page then says "the return window" without a number.
function windowDays(shop) {
  const days = shop?.returnWindowDays;
  return Number.isInteger(days) && days > 0 ? days : null;
}

const within = (days) =>
  days ? `within ${days} ${days === 1 ? 'day' : 'days'} of delivery` : 'within the return window';

function RefundWays({ paymentMethods }) {
  const online = offersOnline(paymentMethods);
  const cod = offersCod(paymentMethods);
  if (!online && !cod) {
    // The payment methods are not known (shop-info failed): both ways, said generally.
    return (
      <p data-testid="refund-ways">
        A refund goes back to the payment you made online, or for cash on delivery by UPI or NEFT to
        a UPI ID or bank account you give us.
      </p>
    );
  }
  return (
    <ul data-testid="refund-ways">
      {online && (
        <li>
          Paid online: refunded to the same payment (the card, UPI app, net banking or wallet you
          paid with). Your bank may take 5 to 7 working days to show it.
        </li>
      )}
      {cod && (
        <li>
          Cash on delivery: we ask you for a UPI ID or a bank account (with its IFSC) and pay the
          refund there by UPI or NEFT. We never ask for your card details, OTP or UPI PIN.
        </li>
      )}
    </ul>
  );
}

export default function ReturnsPage() {
  usePageMeta({ title: 'Returns and refunds - ShopSphere' });
  const { shop, paymentMethods, invoices, delivery, loading } = useShopInfo();
  const days = windowDays(shop);
  // With free delivery there is no delivery charge to give back.
  const charged = Number(delivery?.charge) > 0;
  return (
    <div className="container py-4" style={{ maxWidth: '52rem' }} aria-busy={loading}>
      <h1 className="h2 mb-3">Returns and refunds</h1>
      {loading ? (
        <ShopSkeleton widths={[90]} />
      ) : (
        <p className="lead" data-testid="return-window">
          Not happy with something you bought? You can return it, or exchange it for another size or
          colour, {within(days)}.
        </p>
      )}
      <h2 className="h5 mt-4">What you can return or exchange</h2>
      <ul>
        <li>
          Items of an order that has been delivered, {within(days)}. You choose the items and how
          many of each.
        </li>
        <li>
          Reasons: it arrived damaged, it is the wrong item, the size does not fit, it is not as
          described, or you changed your mind.
        </li>
        <li>
          Exchanges: another size or colour of the same product, while it is in stock. We keep it
          for you once we approve your request; a price difference is neither charged nor refunded.
        </li>
        <li>
          We check every item that comes back. An item that has been used, is damaged after delivery
          or is missing its tags or box may be refused; we tell you why.
        </li>
      </ul>
      <h2 className="h5 mt-4">How to return</h2>
      <ol>
        <li>
          Open the order in <Link to={paths.userOrders}>your orders</Link> and choose{' '}
          <strong>Return or exchange items</strong>: pick the items, the reason, and a refund or an
          exchange.
        </li>
        <li>
          We reply by e-mail. Once we approve it, we tell you how to send the item back: a courier
          may collect it, or we give you the address to send it to. Pack it with everything it came
          with.
        </li>
        <li>
          When it reaches us and passes the check, we refund you or send the exchange as a new
          order, at no charge.
        </li>
      </ol>
      <p>
        Cannot find the order or the button? Write to <CareEmail shop={shop} loading={loading} />
        {shop?.phone && (
          <>
            {' '}
            or call <PhoneLink phone={shop.phone} />
          </>
        )}{' '}
        with your order number.
      </p>
      <h2 className="h5 mt-4">Refunds</h2>
      {loading ? (
        <ShopSkeleton widths={[95, 70]} label={null} />
      ) : (
        <div data-testid="refunds">
          <p className="mb-2">
            We refund what you paid for the items that came back, after any discount.
            {charged &&
              ' The delivery charge is refunded too when the whole order comes back damaged or wrong.'}
          </p>
          <RefundWays paymentMethods={paymentMethods} />
          {invoices && (
            <p>
              For every return we receive we issue a GST credit note; download it from the order in
              your orders.
            </p>
          )}
        </div>
      )}
      <p>
        Questions? See the <Link to={paths.faq}>FAQ</Link> or{' '}
        <Link to={paths.contact}>contact us</Link>.
      </p>
    </div>
  );
}
