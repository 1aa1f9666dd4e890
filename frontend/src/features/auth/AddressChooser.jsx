// Where the order goes, in the cart: the shopper's saved addresses as radio buttons (the
// default chosen first), a way to add one in place, and a link to the address book.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import AddressForm from './AddressForm';
import { AddressLines } from './AddressBook';

export default function AddressChooser({ addresses, chosenId, onChoose, onAdd }) {
  const [adding, setAdding] = useState(false);
  const name = useId();
  return (
    <div className="text-start">
      {addresses.length > 0 && (
        <fieldset className="mb-2">
          <legend className="h5">Deliver to</legend>
          {addresses.map((address) => {
            const id = `${name}-${address._id}`;
            return (
              <div key={address._id} className="form-check mb-2">
                <input
                  className="form-check-input"
                  type="radio"
                  name={name}
                  id={id}
                  value={String(address._id)}
                  checked={String(chosenId) === String(address._id)}
                  onChange={() => onChoose(address._id)}
                />
                <label className="form-check-label" htmlFor={id}>
                  <AddressLines address={address} as="span" />
                  {address.isDefault && (
                    <span className="badge text-bg-secondary mt-1">Default</span>
                  )}
                </label>
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
