import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router-dom';
import { buildAppErrorMessage, reportClientError } from '@fed/api-client';
import { ProgressBar, useClock, useServerTitle } from '@fed/ui-kit';
import {
  currentBuildId,
  fetchLatestBuildId,
  isChunkLoadError,
  recoverFromChunkError,
} from '../app/build-watch';
import { wasLeftEarly } from '../app/left-early';
import { DynamicLayout } from '../layouts/dynamic-layout';
import styles from './error-page.module.css';

export interface ErrorViewProps {
  /** 404 shows 'Page not found'; every other status shows the 500 view (spec §2). */
  status: number;
}

const views = {
  404: {
    heading: 'Страница не найдена',
    text: 'Page not found. Такой страницы нет или она была перемещена.',
  },
  500: {
    heading: 'Что-то пошло не так',
    text: 'На сервере произошла ошибка. Попробуйте обновить страницу позже.',
  },
} as const;

export function ErrorView({ status }: ErrorViewProps) {
  const code = status === 404 ? 404 : 500;
  const view = views[code];
  useServerTitle(`Competitions | Error ${code}`);
  useEffect(() => {
    document.title = `Competitions | Error ${code}`;
  }, [code]);
  return (
    <section className={styles.error} aria-labelledby="error-title">
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <h1 id="error-title" className={styles.heading}>
        {view.heading}
      </h1>
      <p className={styles.text}>{view.text}</p>
      <Link to="/" className={styles.back}>
        На главную
      </Link>
    </section>
  );
}

export interface RouteErrorPageProps {
  /**
   * Inside the frame of who is looking (guest or signed-in layout, spec §2 "Dynamic layout"); without it the
   * view stands alone, for when the frame itself is what failed.
   */
  framed?: boolean;
}

/** Whether what the router caught is the application's error: not a page that is not there. */
const isApplicationError = (error: unknown) => !isRouteErrorResponse(error) || error.status >= 500;

const reportRenderError = (error: unknown, path: string) =>
  reportClientError(buildAppErrorMessage('render', error, path));

/**
 * Router-level errors: a thrown 404 response shows the 404 view, anything else the 500 view. A page chunk
 * that fails to load because a newer build replaced it reloads the page once instead. An application error is
 * reported to `/log` (spec §8), as a failed call is; a chunk that a reload onto the newer build mends is not, nor
 * one whose load the visitor cut short by leaving the page before the app was ready.
 */
export function RouteErrorPage({ framed = false }: RouteErrorPageProps) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const chunkError = isChunkLoadError(error);
  const [recovering, setRecovering] = useState(chunkError);
  const clock = useClock();
  const { pathname } = useLocation();

  useEffect(() => {
    // A chunk cancelled because the visitor left the page before the app was ready: not the app's error, and
    // the page is loaded afresh if it comes back (main.tsx).
    if (chunkError && wasLeftEarly()) return;
    if (!chunkError) {
      if (isApplicationError(error)) reportRenderError(error, pathname);
      return;
    }
    void recoverFromChunkError({
      currentBuildId,
      fetchLatest: () => fetchLatestBuildId(),
      storage: globalThis.sessionStorage ?? null,
      now: () => clock.now(),
      reload: () => window.location.reload(),
    }).then((reloading) => {
      if (!reloading) reportRenderError(error, pathname);
      setRecovering(reloading);
    });
    // Once per error: the path is where it happened, not a reason to report it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, chunkError, clock]);

  if (recovering) return <ProgressBar state="loading" />;
  if (framed) {
    return (
      <DynamicLayout>
        <ProgressBar state="error" />
        <ErrorView status={status} />
      </DynamicLayout>
    );
  }
  return (
    <main className={styles.standalone}>
      <ProgressBar state="error" />
      <ErrorView status={status} />
    </main>
  );
}
