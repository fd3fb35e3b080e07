import { useEffect, useState } from 'react';

/**
 * True once the page is scrolled down, so a header can show itself as stuck. It starts false, as the server
 * rendered it, and reads the scroll once mounted: a page scrolled before the app took it over says so then.
 */
export function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}
