// The submit flow of the register, login and reset forms (spec sections 5 and 8): check the
// fields, call the server, then hand a success to the page, or toast and show why not.
import { useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { ownFieldErrors, reportFailure, serverFieldErrors, validate } from './formHelpers';

// form: what useFormState returned; send(values) makes the call; onSuccess(data, values)
// runs when the server answers success: true (the form stays busy while it works).
export function useAccountSubmit({ fields, form, send, onSuccess }) {
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event) => {
    event.preventDefault();
    const errors = validate(form.values, fields);
    form.showErrors(errors);
    if (Object.keys(errors).length) {
      setAlert(MESSAGES.formHasErrors);
      return;
    }
    setAlert('');
    setBusy(true);
    try {
      const { data } = await send(form.values);
      if (data?.success) {
        await onSuccess(data, form.values);
        return;
      }
      const message = data?.message || MESSAGES.somethingWentWrong;
      toast.error(message);
      setAlert(message);
    } catch (error) {
      form.showErrors(serverFieldErrors(error));
      // A refusal about a field (a weak password) is said once, beside the field.
      if (Object.keys(ownFieldErrors(error, fields)).length) setAlert(MESSAGES.formHasErrors);
      else setAlert(reportFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return { alert, busy, handleSubmit };
}
