import { site } from '../app/site';
import styles from './logo.module.css';

/** The logo's picture and name, inside whichever link leads home. */
export function LogoContent() {
  return (
    <>
      <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true">
        <path d="M32 6 54 15v17c0 13.5-9.4 24-22 26.5C19.4 56 10 45.5 10 32V15z" fill="#1d4ed8" />
        <path d="M32 13 48 20v12c0 9.8-6.6 17.6-16 20-9.4-2.4-16-10.2-16-20V20z" fill="#fff" />
        <path d="M26 23h13v5h-8v4h7v5h-7v9h-5z" fill="#c81e3a" />
      </svg>
      <span className={styles.text}>
        <span className={styles.short}>{site.shortName}</span>
        <span className={styles.full}>{site.name}</span>
      </span>
    </>
  );
}

/** The home link's look and name. */
export const logoProps = { className: styles.logo, 'aria-label': `${site.name}, на главную` };

/**
 * The logo as a plain link, a page load: for a frame without a router (the guest header, an island), and kept
 * apart from the router's `Logo` so that an island's chunk does not bring the router.
 */
export function PlainLogo() {
  return (
    <a href="/" {...logoProps}>
      <LogoContent />
    </a>
  );
}
