import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { GuestHeader } from './guest-header';
import styles from './layout.module.css';

export function GuestLayout() {
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skipLink}>
        Перейти к содержимому
      </a>
      <GuestHeader />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
