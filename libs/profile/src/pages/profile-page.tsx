import { lazy, Suspense, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import {
  AccountSideMenu,
  LinkedAccountChoice,
  selectIsAuthenticated,
  selectUser,
  selectUserId,
} from '@fed/auth-session';
import { PageSkeleton } from '@fed/ui-kit';
import { OwnProfile } from '../own/components/own-profile';
import type { PublicProfileView } from './public-profile-page';
import styles from './profile-page.module.css';

// Someone else's page is a chunk of its own: the own cabinet (where sending an application or signing in leads)
// does not load the registry's pages.
const PublicProfile = lazy(() =>
  import('./public-profile-page').then((module) => ({ default: module.PublicProfile })),
);

export interface ProfilePageProps {
  /** Shown for an id that is no athlete's or organization's. */
  notFound: ReactNode;
  /** The cabinet's sections from other domains (applications, the organization's events), composed by the app. */
  children?: ReactNode;
  /**
   * Names someone else's page once it is known what it is (spec §2: 'Спортсмены' for an athlete, 'Организации'
   * for an organization): the app maps the view to its route table's names.
   */
  nameAs?: (view: PublicProfileView) => ReactNode;
  /** The federation's documents, composed by the app; its page is the menus' fixed /profile/{id}. */
  federationDocuments?: ReactNode;
}

/**
 * `/profile/{id?}`: the personal cabinet. Without an id (or with the active account's) it shows the signed-in
 * account: who is signed in, the other athletes of the login to switch to, adding one, logging out. Anyone else's
 * id (and any id for a guest) is their public page; another athlete of the same login's is theirs too, with the
 * way to act as them (`LinkedAccountChoice`).
 */
export function ProfilePage({ notFound, children, nameAs, federationDocuments }: ProfilePageProps) {
  const { id } = useParams();
  const authenticated = useSelector(selectIsAuthenticated);
  const activeId = useSelector(selectUserId);
  const user = useSelector(selectUser);
  const own = authenticated && (!id || id === activeId || id === user?.id);
  if (!own) {
    return id ? (
      <Suspense fallback={<PageSkeleton label="Загрузка профиля…" />}>
        <PublicProfile
          id={id}
          notFound={notFound}
          nameAs={nameAs}
          federationDocuments={federationDocuments}
          athleteActions={authenticated && <LinkedAccountChoice id={id} />}
        />
      </Suspense>
    ) : (
      <>{notFound}</>
    );
  }

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
