import { queryState } from '@fed/api-client';
import { AsyncList, type ListTexts } from '@fed/ui-kit';
import { useOfferDocumentsQuery } from '../app/legal-documents-api';
import styles from './federation-documents.module.css';

/** The federation's published documents. */
const offerDocumentListTexts: ListTexts = {
  loading: 'Загрузка документов…',
  errorTitle: 'Не удалось загрузить документы',
  emptyTitle: 'Федерация пока не опубликовала документы.',
};

/**
 * The federation's documents on its page: the offer documents the footer lists (the app's, ADR 0016), each
 * opening at /documents/{id} in a new tab, as the footer's do.
 */
export function FederationDocuments() {
  const query = useOfferDocumentsQuery();
  return (
    <AsyncList
      items={query.data}
      {...queryState(query)}
      texts={offerDocumentListTexts}
      gap={2}
      listClassName={styles.list}
      itemKey={(document) => document.__id}
      renderItem={(document) => (
        <li className={styles.item}>
          <a
            href={`/documents/${encodeURIComponent(document.__id)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {document.__name}
          </a>
        </li>
      )}
    />
  );
}
