// Where the order goes, in the cart: the shopper's saved addresses as radio buttons (the
// default chosen first), a way to add one in place, and a link to the address book. An
// address whose PIN code the shop does not serve is disabled, with the reason as its
// description; one where no cash is collected says so.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import AddressForm from './AddressForm';
import { AddressLines } from './AddressBook';
import { notDeliveredReason, useDeliveries } from './deliveryChecks';

// checkDelivery: the shop's delivery call (the page hands it in).
export default function AddressChooser({
  addresses,
  chosenId,
  onChoose,
  onAdd,
  checkDelivery = null,
}) {
  const [adding, setAdding] = useState(false);
  const name = useId();
  const deliveries = useDeliveries(
    addresses.map((address) => address.pincode),
    checkDelivery,
  );
  return (
    <div className="text-start">
      {addresses.length > 0 && (
        <fieldset className="mb-2">
          <legend className="h5">Deliver to</legend>
          {addresses.map((address) => {
            const id = `${name}-${address._id}`;
            const answer = deliveries[address.pincode];
            const reason =
              answer?.serviceable === false
                ? notDeliveredReason(address.pincode)
                : answer && !answer.cod
                  ? 'Cash on delivery is not available at this address.'
                  : null;
            return (
              <div key={address._id} className="form-check mb-2">
                <input
                  className="form-check-input"
                  type="radio"
                  name={name}
                  id={id}
                  value={String(address._id)}
                  checked={String(chosenId) === String(address._id)}
                  disabled={answer?.serviceable === false}
                  aria-describedby={reason ? `${id}-delivery` : undefined}
                  onChange={() => onChoose(address._id)}
                />
                <label className="form-check-label" htmlFor={id}>
                  <AddressLines address={address} as="span" />
                  {address.isDefault && (
                    <span className="badge text-bg-secondary mt-1">Default</span>
                  )}
                </label>
                {reason && (
                  <div
                    id={`${id}-delivery`}
                    className={`form-text mt-0 ${answer.serviceable ? '' : 'text-danger'}`}
                  >
                    {reason}
                  </div>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      {adding ? (
        <div className="card mb-2">
          <div className="card-body">
            <AddressForm
              title="Add a Delivery Address"
              submitLabel="Save and deliver here"
              onSubmit={async (payload) => {
                await onAdd(payload);
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
              checkDelivery={checkDelivery}
            />
          </div>
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => setAdding(true)}
          >
            Add a Delivery Address
          </button>
          {addresses.length > 0 && (
            <Link className="small" to={`${paths.userProfile}#addresses`}>
              Manage addresses
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
