import { useLocation } from 'react-router-dom';
import { useToday } from '@fed/ui-kit';
import { useOfferDocumentsQuery } from '../app/legal-documents-api';
import { site } from '../app/site';
import styles from './footer.module.css';

export function Footer() {
  const { pathname } = useLocation();
  // The federation's year: from 00:00 Moscow time on 1 January, whatever the visitor's zone.
  const { year } = useToday();
  const documents = useOfferDocumentsQuery().data ?? [];
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <section aria-labelledby="footer-contacts">
            <h2 id="footer-contacts" className={styles.heading}>
              Контакты
            </h2>
            <ul className={styles.list}>
              <li>
                <a href={site.supportUrl} target="_blank" rel="noopener noreferrer">
                  Техническая поддержка
                </a>
              </li>
              <li>
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </li>
              <li>
                <a href={site.socialUrl} target="_blank" rel="noopener noreferrer">
                  Мы ВКонтакте
                </a>
              </li>
            </ul>
          </section>
          {documents.length > 0 && (
            <section aria-labelledby="footer-documents">
              <h2 id="footer-documents" className={styles.heading}>
                Документы
              </h2>
              <ul className={styles.list}>
                {documents.map((document) => (
                  <li key={document.__id}>
                    <a href={`/documents/${document.__id}`} target="_blank" rel="noopener noreferrer">
                      {document.__name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        {pathname === '/' && <p className={styles.notice}>{site.insurerNotice}</p>}
        <div className={styles.bottom}>
          <p>
            © {year} {site.name}
          </p>
          <p className={styles.details}>{site.companyDetails}</p>
        </div>
      </div>
    </footer>
  );
}
