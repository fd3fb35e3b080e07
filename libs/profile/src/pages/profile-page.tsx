import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import {
  AccountSideMenu,
  selectIsAuthenticated,
  selectLinkedAccounts,
  selectSession,
} from '@fed/auth-session';
import { OwnProfile } from '../own/components/own-profile';
import styles from './profile-page.module.css';

export interface ProfilePageProps {
  /** Shown for a profile this page cannot show yet (another person's or organization's). */
  notFound: ReactNode;
  /** The cabinet's sections from other domains (applications, the organization's events), composed by the app. */
  children?: ReactNode;
}

/**
 * `/profile/{id?}`: the personal cabinet. Without an id (or with one of the user's own ids) it shows the
 * signed-in account: who is signed in, the other athletes of the login to switch to, adding one, logging out.
 */
export function ProfilePage({ notFound, children }: ProfilePageProps) {
  const { id } = useParams();
  const authenticated = useSelector(selectIsAuthenticated);
  const session = useSelector(selectSession);
  const linked = useSelector(selectLinkedAccounts);
  const ownIds = new Set([session.activeUserId, session.user?.id, ...linked.map((account) => account.id)]);
  if (!authenticated || (id && !ownIds.has(id))) return <>{notFound}</>;

  return (
    <section className={styles.page} aria-labelledby="profile-title">
      <h1 id="profile-title" className={styles.title}>
        Личный кабинет
      </h1>
      <div className={styles.layout}>
        <div className={styles.account}>
          <AccountSideMenu />
        </div>
        <div className={styles.sections}>
          <OwnProfile />
          {children}
        </div>
      </div>
    </section>
  );
}
