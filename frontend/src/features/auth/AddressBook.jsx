// The address book on the profile page: the shopper's addresses (the default first and
// marked), Add Address, Edit (the form in place of the card), Make Default and Delete
// (after a confirmation). Every change is read back from the server, which moves the
// default (the first address is the default; deleting it makes the oldest left the
// default) and keeps the profile's one-line address equal to it: `onDefaultChange(text)`
// hands that text to the page, so the stored user says the same. An address whose PIN code
// the shop does not serve stays in the book, marked "We do not deliver here" (checkout
// will not take it), without Make Default: the server never makes it the default by
// itself (a first address the shop does not serve is saved without being the default, and
// the next served address saved takes the default), and its answer's `message`, the toast,
// says why. With addresses but no default, the book says why.
import { useEffect, useRef, useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import AddressForm from './AddressForm';
import { addressPayload, addressText, defaultAddress } from './addresses';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './api';
import { useAddresses } from './useAddresses';
import { NOT_DELIVERED_HERE, NO_DEFAULT_HERE, useDeliveries } from './deliveryChecks';

// `as="span"` inside a label, where an <address> element may not go.
export function AddressLines({ address, as: Tag = 'address' }) {
  return (
    <Tag className="d-block mb-0">
      <span className="d-block fw-semibold">{address.name}</span>
      <span className="d-block">{address.line1}</span>
      {address.line2 && <span className="d-block">{address.line2}</span>}
      <span className="d-block">
        {address.city}, {address.state} {address.pincode}
      </span>
      <span className="d-block">Phone: {address.phone}</span>
      {address.gstin && (
        <span className="d-block" data-testid="address-gstin">
          GSTIN: {address.gstin}
          {address.businessName ? ` (${address.businessName})` : ''}
        </span>
      )}
    </Tag>
  );
}

// checkDelivery: the shop's delivery call (the page hands it in); without it no address
// is checked.
export default function AddressBook({ onDefaultChange, checkDelivery = null }) {
  const { addresses, failed, setAddresses } = useAddresses();
  const deliveries = useDeliveries(
    (addresses ?? []).map((address) => address.pincode),
    checkDelivery,
  );
  // null, 'new' or the _id of the address being edited.
  const [editing, setEditing] = useState(null);
  const [asking, setAsking] = useState(null);
  const [busy, setBusy] = useState(null);
  const addButton = useRef(null);
  const editButtons = useRef(new Map());
  const heading = useRef(null);
  const returnFocus = useRef(null);
  const lastDefault = useRef(undefined);

  // Focus goes back where it came from when a form or the dialog closes.
  useEffect(() => {
    if (editing !== null || asking !== null || !returnFocus.current) return;
    const target = returnFocus.current();
    returnFocus.current = null;
    (target ?? heading.current)?.focus();
  });

  // The profile's address follows the default one.
  useEffect(() => {
    if (addresses === null) return;
    const current = defaultAddress(addresses);
    const text = current ? addressText(current) : null;
    if (lastDefault.current !== undefined && text !== null && text !== lastDefault.current) {
      onDefaultChange?.(text);
    }
    lastDefault.current = text;
  }, [addresses, onDefaultChange]);

  // The server's list after a change: the one answer that knows where the default went.
  async function refreshed() {
    const { data } = await listAddresses();
    setAddresses(Array.isArray(data) ? data : []);
  }

  async function save(payload, address) {
    const { data } = address
      ? await updateAddress(address._id, { ...payload, isDefault: address.isDefault })
      : await createAddress(payload);
    await refreshed();
    // The server's sentence says when checkout cannot use the address, and why it is not
    // the default.
    toast.success(data?.message || MESSAGES.addressSaved);
    returnFocus.current = () =>
      address ? editButtons.current.get(address._id) : addButton.current;
    setEditing(null);
  }

  async function makeDefault(address) {
    setBusy(address._id);
    try {
      await updateAddress(address._id, addressPayload(address, { isDefault: true }));
      await refreshed();
      toast.success(MESSAGES.defaultAddressSet);
      returnFocus.current = () => editButtons.current.get(address._id);
    } catch (error) {
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  }

  async function remove(address) {
    setBusy(address._id);
    try {
      await deleteAddress(address._id);
      await refreshed();
      toast.success(MESSAGES.addressDeleted);
      returnFocus.current = () => addButton.current;
    } catch (error) {
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
      setAsking(null);
    }
  }

  const cancel = (address) => () => {
    returnFocus.current = () =>
      address ? editButtons.current.get(address._id) : addButton.current;
    setEditing(null);
  };

  return (
    <section className="mt-5" aria-labelledby="address-book" id="addresses">
      <h2 id="address-book" className="h4 mb-3" tabIndex={-1} ref={heading}>
        Address book
      </h2>
      {addresses === null && (
        <p className="text-body-secondary" role="status">
          Loading your addresses ...
        </p>
      )}
      {failed && <p className="text-danger">{MESSAGES.addressesLoadFailed}</p>}
      {addresses?.length === 0 && !failed && editing !== 'new' && (
        <p className="text-body-secondary">{MESSAGES.noAddresses}</p>
      )}
      {addresses?.length > 0 && !addresses.some((address) => address.isDefault) && (
        <p className="text-body-secondary" data-testid="no-default">
          {NO_DEFAULT_HERE}
        </p>
      )}
      {addresses && addresses.length > 0 && (
        <ul className="list-unstyled row g-3 mb-3">
          {addresses.map((address) => (
            <li key={address._id} className="col-md-6">
              <div className={`card h-100${address.isDefault ? ' border-primary' : ''}`}>
                <div className="card-body">
                  {editing === address._id ? (
                    <AddressForm
                      address={address}
                      title={`Edit the address of ${address.name}`}
                      onSubmit={(payload) => save(payload, address)}
                      onCancel={cancel(address)}
                      checkDelivery={checkDelivery}
                    />
                  ) : (
                    <>
                      {address.isDefault && (
                        <span className="badge text-bg-primary mb-2" data-testid="default-badge">
                          Default
                        </span>
                      )}
                      {deliveries[address.pincode]?.serviceable === false && (
                        <span
                          className="badge text-bg-warning mb-2 ms-1"
                          data-testid="not-delivered-badge"
                        >
                          {NOT_DELIVERED_HERE}
                        </span>
                      )}
                      <AddressLines address={address} />
                      <div className="d-flex flex-wrap gap-2 mt-3">
                        <button
                          type="button"
                          className="btn btn-outline-primary btn-sm"
                          aria-label={`Edit: ${addressText(address)}`}
                          ref={(node) => {
                            if (node) editButtons.current.set(address._id, node);
                            else editButtons.current.delete(address._id);
                          }}
                          onClick={() => setEditing(address._id)}
                        >
                          Edit
                        </button>
                        {!address.isDefault &&
                          deliveries[address.pincode]?.serviceable !== false && (
                            <button
                              type="button"
                              className="btn btn-outline-secondary btn-sm"
                              aria-label={`Make Default: ${addressText(address)}`}
                              disabled={busy !== null}
                              onClick={() => makeDefault(address)}
                            >
                              Make Default
                            </button>
                          )}
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          aria-label={`Delete: ${addressText(address)}`}
                          disabled={busy !== null}
                          onClick={() => setAsking(address)}
                        >
                          Delete
                        </button>
                      </div>
                    </>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <div className="card">
          <div className="card-body">
            <AddressForm
              title="Add an address"
              onSubmit={(payload) => save(payload, null)}
              onCancel={cancel(null)}
              checkDelivery={checkDelivery}
            />
          </div>
        </div>
      ) : (
        addresses !== null && (
          <button
            type="button"
            className="btn btn-primary"
            ref={addButton}
            onClick={() => setEditing('new')}
          >
            Add Address
          </button>
        )
      )}
      <ConfirmDialog
        open={asking !== null}
        title={MESSAGES.deleteAddressTitle}
        question={asking ? MESSAGES.deleteAddressQuestion(addressText(asking)) : ''}
        confirmLabel="Delete"
        cancelLabel="Keep it"
        busy={busy !== null}
        onCancel={() => {
          const address = asking;
          returnFocus.current = () => editButtons.current.get(address?._id);
          setAsking(null);
        }}
        onConfirm={() => remove(asking)}
      />
    </section>
  );
}
