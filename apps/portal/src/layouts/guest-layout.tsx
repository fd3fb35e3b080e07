import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { GuestHeader } from './guest-header';
import styles from './layout.module.css';

export interface GuestLayoutProps {
  /** What the frame holds instead of the matched page (an error view). */
  children?: ReactNode;
}

export function GuestLayout({ children }: GuestLayoutProps) {
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skipLink}>
        Перейти к содержимому
      </a>
      <GuestHeader />
      <main id="main" className={styles.main}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
