// Values, errors and input refs of one account form. `showErrors` puts the messages by
// their fields and moves focus to the first invalid one, in screen order.
import { useCallback, useRef, useState } from 'react';
import { firstInvalid } from './formHelpers';

export function useFormState(fields, initial = {}) {
  const [values, setValues] = useState(() => {
    const start = {};
    fields.forEach(({ name }) => {
      start[name] = initial[name] ?? '';
    });
    return start;
  });
  const [errors, setErrors] = useState({});
  const refs = useRef({});

  const bind = (name) => ({
    id: `field-${name}`,
    name,
    value: values[name],
    error: errors[name],
    inputRef: (element) => {
      refs.current[name] = element;
    },
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (!current[name]) return current;
        const rest = { ...current };
        delete rest[name];
        return rest;
      });
    },
  });

  const showErrors = useCallback(
    (next) => {
      setErrors(next);
      const first = firstInvalid(next, fields);
      if (first) refs.current[first]?.focus();
    },
    [fields],
  );

  const focusFirst = useCallback(() => {
    const first = fields[0]?.name;
    if (first) refs.current[first]?.focus();
  }, [fields]);

  return { values, setValues, errors, bind, showErrors, focusFirst };
}
