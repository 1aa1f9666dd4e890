import { useEffect, useState } from 'react';

// True once the page is scrolled more than `offset` pixels (the navbar then fixes itself
// to the top, spec section 9: 100 px).
export function useScrolledPast(offset) {
  const [past, setPast] = useState(() => window.scrollY > offset);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > offset);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return past;
}
