// The state of a coupon's or a sale's form: its fields, the problems beside them (checked
// here first, then the server's `errors`), the server's sentence for the alert, and a busy
// flag while it is sent; after a failed save the first field with a problem (in screen
// order) takes the focus. `initial()` gives the fields; `check(form)` the problems;
// `toPayload(form)` the JSON; `onSubmit(payload)` sends it and answers { ok } or
// { message, errors }; a form made for a new one (`reset`) empties itself after a save.
// `bind` is what PromotionFields' pieces read.
import { useEffect, useId, useRef, useState } from 'react';

export function usePromotionForm({ initial, check, toPayload, onSubmit, reset = false }) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef(null);
  const focusFirst = useRef(false);

  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const target = [...(formRef.current?.querySelectorAll('[aria-invalid="true"]') ?? [])][0];
    target?.focus();
  });

  const change = (field, value) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  async function handleSubmit(event) {
    event.preventDefault();
    const found = check(form);
    setMessage('');
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirst.current = true;
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await onSubmit(toPayload(form));
      if (result?.ok) {
        if (reset) setForm(initial());
        return;
      }
      setErrors(result?.errors ?? {});
      setMessage(result?.message ?? '');
      focusFirst.current = true;
    } finally {
      setBusy(false);
    }
  }

  const bind = {
    form,
    errors,
    change,
    fieldId: (field) => `${id}-${field}`,
    onText: (field) => (event) => change(field, event.target.value),
    onCheck: (field) => (event) => change(field, event.target.checked),
    invalid: (field) => (errors[field] ? ' is-invalid' : ''),
  };
  return { form, message, busy, formRef, handleSubmit, bind };
}
