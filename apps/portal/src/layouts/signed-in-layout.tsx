import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { UNREAD_POLL_MS, useUnreadNoticesQuery } from '@fed/api-client';
import { AccountSideMenu, selectIsAuthenticated, selectSigningIn, UserMenu } from '@fed/auth-session';
import { noticesPagePath } from '@fed/contracts';
import { BellLink, useMediaQuery, mediaUp } from '@fed/ui-kit';
import { useRouteName } from '../app/route-title';
import { site } from '../app/site';
import type { PortalState } from '../app/store';
import { Footer } from './footer';
import { Logo } from './logo';
import { signedInNavLinks } from './nav-links';
import { useScrolled } from './use-scrolled';
import { useSideMenu } from './use-side-menu';
import burgerStyles from './burger.module.css';
import layoutStyles from './layout.module.css';
import styles from './signed-in-layout.module.css';

/** The header's default name (spec §2). */
export const SIGNED_IN_DEFAULT_TITLE = 'Личный кабинет';

function NavList({ className }: { className: string | undefined }) {
  return (
    <>
      {signedInNavLinks().map((link) => (
        <NavLink key={link.to} to={link.to} end className={className}>
          {link.label}
        </NavLink>
      ))}
      <a href={site.supportUrl} target="_blank" rel="noopener noreferrer" className={className}>
        Помощь
      </a>
    </>
  );
}

export interface SignedInLayoutProps {
  /** Some protected pages go without the footer (spec §2). */
  footer?: boolean;
  /** What the frame holds instead of the matched page (an error view). */
  children?: ReactNode;
}

/** Signed-in layout (spec §2): side bar, a header with the route's name and the user menu, footer. */
export function SignedInLayout({ footer = true, children }: SignedInLayoutProps) {
  const scrolled = useScrolled();
  const menu = useSideMenu(useLocation().pathname);
  const wide = useMediaQuery(mediaUp('lg'));
  const title = useRouteName() ?? SIGNED_IN_DEFAULT_TITLE;
  // The bell's count: asked on every signed-in page, again each minute and when a notice is read; not while the
  // sign-in is still choosing its account (the frame is drawn then, the session is not whole: the api says 401).
  const signedIn = useSelector(
    (state: PortalState) => selectIsAuthenticated(state) && !selectSigningIn(state),
  );
  const unread =
    useUnreadNoticesQuery(undefined, { pollingInterval: UNREAD_POLL_MS, skip: !signedIn }).data?.unread ?? 0;

  return (
    <div className={styles.shell}>
      <a href="#main" className={layoutStyles.skipLink}>
        Перейти к содержимому
      </a>
      <aside className={styles.sidebar}>
        <Logo />
        <nav className={styles.sideNav} aria-label="Основное меню">
          <NavList className={styles.sideLink} />
        </nav>
      </aside>
      <div className={styles.column}>
        <header className={styles.header} data-scrolled={scrolled}>
          <span className={styles.mobileLogo}>
            <Logo />
          </span>
          <span className={styles.title}>{title}</span>
          <BellLink to={noticesPagePath} count={unread} className={styles.bell} />
          {wide ? (
            <UserMenu />
          ) : (
            <button type="button" className={burgerStyles.burger} {...menu.buttonProps} onClick={menu.toggle}>
              <span aria-hidden="true" />
            </button>
          )}
        </header>
        {!wide && (
          <aside id={menu.menuId} className={styles.drawer} hidden={!menu.open} aria-label="Боковое меню">
            <AccountSideMenu />
            <nav className={styles.drawerNav} aria-label="Меню">
              <BellLink to={noticesPagePath} count={unread} labelled className={styles.drawerLink} />
              <NavList className={styles.drawerLink} />
            </nav>
          </aside>
        )}
        <main id="main" className={styles.main}>
          {children ?? <Outlet />}
        </main>
        {footer && <Footer />}
      </div>
    </div>
  );
}
