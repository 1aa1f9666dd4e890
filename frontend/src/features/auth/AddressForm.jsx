// One address of the address book, added or edited: labelled fields (Full name, Phone,
// Address line 1 and 2, City, State from the official list, PIN code, and for a business
// its GSTIN and business name), checked before sending; the server's field errors (`errors: {field: [...]}`: a PIN code in another
// state, say) show under their fields, and focus goes to the first field with an error.
// With `checkDelivery` (the shop's delivery call, handed in by the page), once the PIN
// code has six digits, a polite live line under it says whether the shop
// delivers there and collects cash (PinDeliveryLine.jsx); an address the shop does not serve
// may still be saved (the address book is the shopper's), but checkout will not take it.
// `onSubmit(payload)` makes the call and resolves to the saved address.
import { useEffect, useId, useState } from 'react';
import { MESSAGES } from '../../constants/messages';
import { INDIAN_STATES } from '../../constants/indianStates';
import { errorMessage } from '../../lib/apiClient';
import FormField from './FormField';
import FormAlert from './FormAlert';
import { ADDRESS_FIELDS, addressErrors, addressPayload } from './addresses';
import { gstinProblem, gstinState } from '../../lib/gstin';
import { serverFieldErrors } from './formHelpers';
import { useFormState } from './useFormState';
import PinDeliveryLine from './PinDeliveryLine';

// A valid GSTIN's state, said under the field.
function gstinHint(value) {
  const state = value && !gstinProblem(value) ? gstinState(value) : '';
  return state ? `Registered in ${state}` : undefined;
}

export default function AddressForm({
  address = null,
  title,
  submitLabel = 'Save address',
  onSubmit,
  onCancel,
  autoFocus = true,
  checkDelivery = null,
}) {
  const form = useFormState(ADDRESS_FIELDS, address ?? {});
  const { bind, values, showErrors, focusFirst } = form;
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (autoFocus) focusFirst();
  }, [autoFocus, focusFirst]);

  // The fields' ids are unique on a page with two forms (the cart and an edit).
  const field = (name) => ({ ...bind(name), id: `${headingId}-${name}` });

  async function handleSubmit(event) {
    event.preventDefault();
    event.stopPropagation();
    const errors = addressErrors(values);
    showErrors(errors);
    if (Object.keys(errors).length) {
      setAlert(MESSAGES.formHasErrors);
      return;
    }
    setAlert('');
    setBusy(true);
    try {
      await onSubmit(addressPayload(values));
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const own = Object.fromEntries(
        Object.entries(fieldErrors).filter(([name]) => ADDRESS_FIELDS.some((f) => f.name === name)),
      );
      showErrors(own);
      if (Object.keys(own).length) setAlert(MESSAGES.formHasErrors);
      else {
        if (!errorMessage(error)) console.error(error);
        setAlert(errorMessage(error) ?? MESSAGES.somethingWentWrong);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={headingId} className="address-form">
      <h3 id={headingId} className="h5 mb-3">
        {title}
      </h3>
      <div className="row g-0 gx-3">
        <div className="col-sm-6">
          <FormField label="Full name" type="text" autoComplete="name" {...field('name')} />
        </div>
        <div className="col-sm-6">
          <FormField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...field('phone')}
          />
        </div>
      </div>
      <FormField
        label="Address line 1"
        type="text"
        autoComplete="address-line1"
        hint="House or flat number, building, street"
        {...field('line1')}
      />
      <FormField
        label="Address line 2 (optional)"
        type="text"
        autoComplete="address-line2"
        {...field('line2')}
      />
      <div className="row g-0 gx-3">
        <div className="col-sm-4">
          <FormField label="City" type="text" autoComplete="address-level2" {...field('city')} />
        </div>
        <div className="col-sm-5">
          <FormField
            label="State"
            as="select"
            controlClass="form-select"
            autoComplete="address-level1"
            {...field('state')}
          >
            <option value="">Choose a state ...</option>
            {INDIAN_STATES.map(({ name }) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </FormField>
        </div>
        <div className="col-sm-3">
          <FormField
            label="PIN code"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            pattern="[0-9]{6}"
            {...field('pincode')}
          />
        </div>
      </div>
      <PinDeliveryLine pincode={values.pincode} check={checkDelivery} />
      <div className="row g-0 gx-3">
        <div className="col-sm-5">
          <FormField
            label="GSTIN (optional, for a business)"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            hint={gstinHint(values.gstin)}
            {...field('gstin')}
          />
        </div>
        <div className="col-sm-7">
          <FormField
            label="Business name (optional)"
            type="text"
            autoComplete="organization"
            maxLength={200}
            {...field('businessName')}
          />
        </div>
      </div>
      <FormAlert message={alert} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving ...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
