// The signed-in shopper's addresses (default first, as the server lists them): null while
// loading; `failed` after an error. `reload()` asks again after a change, since the server
// decides which address is the default after an add, an edit or a delete.
import { useCallback, useEffect, useState } from 'react';
import { listAddresses } from './api';

export function useAddresses({ enabled = true } = {}) {
  const [addresses, setAddresses] = useState(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    listAddresses()
      .then(({ data }) => {
        if (!active) return;
        setAddresses(Array.isArray(data) ? data : []);
        setFailed(false);
      })
      .catch((error) => {
        console.error('addresses could not be loaded', error);
        if (!active) return;
        setAddresses((current) => current ?? []);
        setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [enabled, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { addresses: enabled ? addresses : [], failed, reload, setAddresses };
}
