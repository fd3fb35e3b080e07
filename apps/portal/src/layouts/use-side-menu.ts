import { useEffect, useId, useState } from 'react';

/**
 * The small-screen side menu (spec §2): opening scrolls to the top and locks the page's scroll; Escape
 * or following a link (a new `pathname`) closes it. `id` names the menu where the hook's own id cannot: an
 * island's ids are its own tree's, not those of the page the server rendered.
 */
export function useSideMenu(pathname: string, id?: string) {
  const [open, setOpen] = useState(false);
  const ownId = useId();
  const menuId = id ?? ownId;

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    window.scrollTo({ top: 0 });
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // An Escape a dialog above it already used (Radix marks it handled) closes that dialog only.
    const onKeyDown = (event: KeyboardEvent) =>
      event.key === 'Escape' && !event.defaultPrevented && setOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return {
    open,
    menuId,
    toggle: () => setOpen((value) => !value),
    buttonProps: {
      'aria-expanded': open,
      'aria-controls': menuId,
      'aria-label': open ? 'Закрыть меню' : 'Открыть меню',
    },
  };
}
