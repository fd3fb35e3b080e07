import type { NavLink } from './nav-links';
import { PlainLogo } from './plain-logo';
import { useScrolled } from './use-scrolled';
import { useSideMenu } from './use-side-menu';
import burgerStyles from './burger.module.css';
import styles from './guest-header.module.css';

export interface GuestHeaderViewProps {
  /** The page's path: its link is marked current, and a new one closes the side menu. */
  pathname: string;
  links: readonly NavLink[];
}

/** The side menu's id: one guest header on a page, and the same id whichever root renders it. */
const SIDE_MENU_ID = 'guest-side-menu';

/**
 * The guest header: the logo, the links, «Войти», and on a small screen the button of the side menu, which
 * locks the page's scroll while open; it shows itself stuck once the page is scrolled. Plain links (a page
 * load), no router, no store: the same component is the app's header and the island a guest's server-rendered
 * page hydrates on its own.
 */
export function GuestHeaderView({ pathname, links }: GuestHeaderViewProps) {
  const scrolled = useScrolled();
  const menu = useSideMenu(pathname, SIDE_MENU_ID);
  const current = (to: string) => (to === pathname ? 'page' : undefined);

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <div className={styles.inner}>
        <PlainLogo />
        <nav className={styles.nav} aria-label="Основное меню">
          {links.map((link) => (
            <a key={link.to} href={link.to} className={styles.navLink} aria-current={current(link.to)}>
              {link.label}
            </a>
          ))}
        </nav>
        <a href="/login" className={styles.login}>
          Войти
        </a>
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
          <a key={link.to} href={link.to} className={styles.sideLink} aria-current={current(link.to)}>
            {link.label}
          </a>
        ))}
        <a href="/login" className={styles.sideLogin}>
          Войти
        </a>
      </nav>
    </header>
  );
}
