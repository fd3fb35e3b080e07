import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Cluster, loadSafeHtml, LoadingWrapper, useServerTitle } from '@fed/ui-kit';
import { useOfferDocumentQuery } from '../app/legal-documents-api';
import { site } from '../app/site';
import styles from './document-page.module.css';
import { ErrorView } from './error-page';

/** iPhones and iPads (which call themselves Mac but have touch) open the document's file itself (spec §2). */
export function isIos(navigatorLike: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigatorLike.userAgent) ||
    (navigatorLike.platform === 'MacIntel' && navigatorLike.maxTouchPoints > 1)
  );
}

/** `/documents/{id}`: a legal offer document, alone on the page (no layout), readable and printable. */
export function DocumentPage() {
  const { id = '' } = useParams();
  const { data: document, error, isLoading } = useOfferDocumentQuery(id);
  const fileId = document?.file[0];
  const title = document && `${document.__name} — ${site.shortName}`;
  useServerTitle(title);

  useEffect(() => {
    if (fileId && isIos(navigator)) window.location.replace(`/api/files/${encodeURIComponent(fileId)}`);
  }, [fileId]);
  useEffect(() => {
    if (title) window.document.title = title;
  }, [title]);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (!document) return;
    let current = true;
    void loadSafeHtml().then(({ sanitizeHtml }) => {
      if (current) setHtml(sanitizeHtml(document.html));
    });
    return () => {
      current = false;
    };
  }, [document]);

  if (error) {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : 500;
    return <ErrorView status={status === 404 || status === 400 ? 404 : 500} />;
  }
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Cluster justify="between" gap={3}>
          <Link to="/" className={styles.home}>
            {site.name}
          </Link>
          <button type="button" className={styles.print} onClick={() => window.print()}>
            Распечатать
          </button>
        </Cluster>
      </header>
      <LoadingWrapper loading={isLoading || (Boolean(document) && html === null)}>
        {document && html !== null && (
          <article className={styles.document} aria-label={document.__name}>
            {/* The platform's HTML, sanitized: only text markup survives. */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </article>
        )}
      </LoadingWrapper>
    </main>
  );
}
