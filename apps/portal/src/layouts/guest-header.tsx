import { Link, NavLink } from 'react-router-dom';
import { Logo } from './logo';
import { guestNavLinks } from './nav-links';
import { useScrolled } from './use-scrolled';
import { useSideMenu } from './use-side-menu';
import burgerStyles from './burger.module.css';
import styles from './guest-header.module.css';

export function GuestHeader() {
  const scrolled = useScrolled();
  const menu = useSideMenu();
  const links = guestNavLinks();

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
          className={`${burgerStyles.burger} ${styles.menuButton}`}
          {...menu.buttonProps}
          onClick={menu.toggle}
        >
          <span aria-hidden="true" />
        </button>
      </div>
      <nav id={menu.menuId} className={styles.sideMenu} hidden={!menu.open} aria-label="Меню">
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
