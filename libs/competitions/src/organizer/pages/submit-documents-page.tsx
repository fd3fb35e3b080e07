import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  competitionDocumentKinds,
  competitionDocumentStateNames,
  type CompetitionDocument,
  type CompetitionDocumentState,
  competitionPagePath,
} from '@fed/contracts';
import { messageOf, queryState } from '@fed/api-client';
import {
  AsyncList,
  Badge,
  Button,
  Card,
  Cluster,
  ExpandablePanel,
  formatDateRange,
  formatDeadline,
  type BadgeTone,
  type ListTexts,
} from '@fed/ui-kit';
import { fileUrl, useEventByIdQuery } from '../../api/events-api';
import { useCompetitionDocumentsQuery } from '../../api/organizer-api';
import { PROFILE_PATH } from '../model/organizer-paths';
import { DocumentUploadForm } from '../components/document-upload-form';
import styles from '../components/documents.module.css';

/** The event's submitted documents. */
const documentListTexts: ListTexts = {
  loading: 'Загружаем документы…',
  errorTitle: 'Не удалось загрузить документы',
  emptyTitle: 'Документов пока нет',
  emptyText: 'Отправьте первый с помощью формы ниже.',
};

const stateTones: Record<CompetitionDocumentState, BadgeTone> = {
  submitted: 'info',
  accepted: 'success',
  returned: 'warning',
};

const statusOf = (error: FetchBaseQueryError | SerializedError | undefined) =>
  error && 'status' in error ? error.status : null;

/**
 * `/profile/submit-documents/{id}` (organizations only): the competition's documents with their review
 * state, the reason of a return and the history; a new document is sent from the form below, a returned
 * one is replaced by its corrected version.
 */
export function SubmitDocumentsPage() {
  const competitionId = useParams()['id'] ?? '';
  const event = useEventByIdQuery(competitionId, { skip: competitionId === '' });
  const documents = useCompetitionDocumentsQuery({ competitionId }, { skip: competitionId === '' });
  const details = event.data;

  if (statusOf(documents.error) === 403) {
    return (
      <Refusal title="Это не ваше мероприятие">
        Документы мероприятия загружает организация, которая его проводит. Проверьте ссылку или выберите
        мероприятие в личном кабинете.
      </Refusal>
    );
  }
  if (statusOf(event.error) === 404 || statusOf(documents.error) === 404 || competitionId === '') {
    return <Refusal title="Мероприятие не найдено">Возможно, ссылка устарела.</Refusal>;
  }

  return (
    <section className={styles.page} aria-labelledby="documents-title">
      <header className={styles.header}>
        <p className={styles.kicker}>Документы мероприятия</p>
        <h1 id="documents-title" className={styles.title}>
          {details ? details.__name : 'Мероприятие'}
        </h1>
        {details && (
          <p className={styles.meta}>
            {formatDateRange(details.date_start, details.date_end)} · {details.gorod} ·{' '}
            <Link to={competitionPagePath(details.__id)}>страница мероприятия</Link>
          </p>
        )}
        {event.isError && <p className={styles.error}>{messageOf(event.error)}</p>}
      </header>

      <Card as="section" padding="fluid" className={styles.block} aria-labelledby="documents-list-title">
        <h2 id="documents-list-title" className={styles.blockTitle}>
          Отправленные документы
        </h2>
        <AsyncList
          items={documents.data?.result}
          {...queryState(documents)}
          texts={documentListTexts}
          gap={3}
          itemKey={(document) => document.__id}
          renderItem={(document) => <DocumentItem document={document} competitionId={competitionId} />}
        />
      </Card>

      <Card as="section" padding="fluid" className={styles.block} aria-labelledby="new-document-title">
        <h2 id="new-document-title" className={styles.blockTitle}>
          Новый документ
        </h2>
        <DocumentUploadForm competitionId={competitionId} />
      </Card>
    </section>
  );
}

function Refusal({ title, children }: { title: string; children: string }) {
  return (
    <Card as="section" padding="lg" className={styles.refusal} aria-labelledby="documents-refusal">
      <h1 id="documents-refusal" className={styles.title}>
        {title}
      </h1>
      <p>{children}</p>
      <Link to={PROFILE_PATH}>Перейти в личный кабинет</Link>
    </Card>
  );
}

interface DocumentItemProps {
  document: CompetitionDocument;
  competitionId: string;
}

function DocumentItem({ document, competitionId }: DocumentItemProps) {
  const [replacing, setReplacing] = useState(false);
  const fileId = document.file[0];
  const titleId = `document-${document.__id}`;
  return (
    <Card as="li" padding="sm" className={styles.document} aria-labelledby={titleId}>
      <Cluster justify="between" align="start">
        <div>
          <h3 id={titleId} className={styles.documentName}>
            {document.__name}
          </h3>
          <p className={styles.documentKind}>{competitionDocumentKinds[document.kind]}</p>
        </div>
        <Badge tone={stateTones[document.state]}>{competitionDocumentStateNames[document.state]}</Badge>
      </Cluster>
      {document.state === 'returned' && document.reason && (
        <p className={styles.reason}>
          <strong>Причина возврата:</strong> {document.reason}
        </p>
      )}
      <Cluster gap={3}>
        {fileId && (
          <a href={fileUrl(fileId)} target="_blank" rel="noopener noreferrer">
            Открыть файл
          </a>
        )}
        {document.state === 'returned' && !replacing && (
          <Button size="sm" onClick={() => setReplacing(true)}>
            Загрузить исправленный
          </Button>
        )}
      </Cluster>
      {replacing && (
        <DocumentUploadForm
          competitionId={competitionId}
          resubmit={{ documentId: document.__id, kind: document.kind, name: document.__name }}
          onDone={() => setReplacing(false)}
          onCancel={() => setReplacing(false)}
        />
      )}
      {document.history.length > 0 && (
        <ExpandablePanel title="История проверки" persistent>
          <ol className={styles.history}>
            {document.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <time dateTime={entry.at}>{formatDeadline(entry.at)}</time> —{' '}
                {competitionDocumentStateNames[entry.state]}
                {entry.reason && <span className={styles.historyReason}>: {entry.reason}</span>}
              </li>
            ))}
          </ol>
        </ExpandablePanel>
      )}
    </Card>
  );
}
