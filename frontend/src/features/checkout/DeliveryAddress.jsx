// Where the order goes, in the summary: the saved addresses to choose from, else the
// profile's free-text address ("Current Address", the spec's), and a way to add an address
// in place once the list has answered with none. `chooser(addresses)` renders the address
// book's chooser (the page passes it in: it belongs to the account's feature). When the
// shop delivers to none of the saved addresses, it says so (the chooser shows each one
// disabled with its reason).
import { CHECKOUT_MESSAGES } from './checkoutMessages';

export default function DeliveryAddress({ address, profileAddress, chooser }) {
  const { saved, loaded } = address;
  return (
    <>
      {address.unserved && (
        <p className="small text-danger text-start" data-testid="no-served-address">
          {CHECKOUT_MESSAGES.noServedAddress}
        </p>
      )}
      {saved.length > 0 ? (
        chooser(saved)
      ) : profileAddress && !address.unserved ? (
        <>
          <h3 className="h5">Current Address</h3>
          <p className="mb-2">{profileAddress}</p>
        </>
      ) : null}
      {saved.length === 0 && loaded && chooser([])}
    </>
  );
}
