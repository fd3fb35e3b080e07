import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from './logo';
import { guestNavLinks } from './nav-links';
import { useScrolled } from './use-scrolled';
import styles from './guest-header.module.css';

export function GuestHeader() {
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const links = guestNavLinks();

  // A followed link closes the menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    window.scrollTo({ top: 0 });
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <div className={styles.inner}>
        <Logo />
        <nav className={styles.nav} aria-label="Основное меню">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={styles.navLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <Link to="/login" className={styles.login}>
          Войти
        </Link>
        <button
          type="button"
          className={styles.burger}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Закрыть меню' : 'Открыть меню'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" />
        </button>
      </div>
      <nav id={menuId} className={styles.sideMenu} hidden={!menuOpen} aria-label="Меню">
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end className={styles.sideLink}>
            {link.label}
          </NavLink>
        ))}
        <Link to="/login" className={styles.sideLogin}>
          Войти
        </Link>
      </nav>
    </header>
  );
}
