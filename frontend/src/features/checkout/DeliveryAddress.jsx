// Where the order goes, in the summary: the saved addresses to choose from, else the
// profile's free-text address ("Current Address", the spec's), and a way to add an address
// in place once the list has answered with none. `chooser(addresses)` renders the address
// book's chooser (the page passes it in: it belongs to the account's feature).
export default function DeliveryAddress({ address, profileAddress, chooser }) {
  const { saved, loaded } = address;
  return (
    <>
      {saved.length > 0 ? (
        chooser(saved)
      ) : profileAddress ? (
        <>
          <h3 className="h5">Current Address</h3>
          <p className="mb-2">{profileAddress}</p>
        </>
      ) : null}
      {saved.length === 0 && loaded && chooser([])}
    </>
  );
}
