// A chosen file as an object URL for a preview, revoked when the file changes or the
// component goes away (object URLs hold the file in memory until revoked). Made inside the
// effect, so React's development double mount never shows a revoked URL.
import { useEffect, useState } from 'react';

export function useObjectUrl(file) {
  const [url, setUrl] = useState(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
