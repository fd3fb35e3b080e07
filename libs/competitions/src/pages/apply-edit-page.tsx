import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router-dom';
import { isMissingRecord } from '@fed/api-client';
import {
  requestStateNames,
  type ApplicationEligibility,
  type EventDetails,
  type RequestView,
} from '@fed/contracts';
import {
  Card,
  ErrorState,
  Fact,
  FactList,
  MissingRecord,
  Notice,
  PageSkeleton,
  useClock,
  useDocumentTitle,
} from '@fed/ui-kit';
import {
  useApplicationEligibilityQuery,
  useEventByIdQuery,
  useRequestToEditQuery,
  useUpdateApplicationMutation,
} from '../api/events-api';
import { ApplicationForm } from '../components/application-form';
import { ApplicationHeader } from '../components/application-header';
import { RefusalReasons } from '../components/refusal-reasons';
import { formatMoney } from '@fed/validation';
import {
  coachOrNull,
  reasonsAgainstChange,
  requestEditability,
  type ApplicationFormValues,
} from '../model/application-form';
import { useApplicationSaved } from '../model/use-application-saved';
import { useEventAgeClasses } from '../model/use-event-age-classes';
import styles from './application-page.module.css';

const NOT_FOUND = (
  <MissingRecord
    title="Заявка не найдена"
    text="Возможно, ссылка устарела или заявка принадлежит другому аккаунту."
    backTo="/profile"
    backText="В личный кабинет"
  />
);

/** The application as it stands, for reading when it can no longer be changed. */
function RequestSummary({ request }: { request: RequestView }) {
  return (
    <Card padding="md">
      <FactList className={styles.summary}>
        <Fact term="Статус">{requestStateNames[request.requestState]}</Fact>
        <Fact term="Программы">
          <ul>
            {request.programNames.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Fact>
        <Fact term="Тренер">{request.coach?.trim() || 'не указан'}</Fact>
        <Fact term="Взнос">{formatMoney(request.fee)}</Fact>
      </FactList>
    </Card>
  );
}

function EditForm({
  request,
  event,
  eligibility,
}: {
  request: RequestView;
  event: EventDetails;
  eligibility: ApplicationEligibility | undefined;
}) {
  const ageClasses = useEventAgeClasses(event);
  const [updateApplication, { isLoading }] = useUpdateApplicationMutation();
  const { saved, leaving } = useApplicationSaved('Заявка изменена');
  const known = new Set(event.programs.map((program) => program.__id));
  const defaults: ApplicationFormValues = {
    programIds: request.programs.filter((id) => known.has(id)),
    coach: request.coach ?? '',
    acceptOffer: true,
  };

  const save = async (values: ApplicationFormValues) =>
    saved(
      await updateApplication({
        requestId: request.__id,
        programIds: values.programIds,
        coach: coachOrNull(values.coach),
      }),
    );

  return (
    <ApplicationForm
      event={event}
      ageClasses={ageClasses}
      eligibility={eligibility}
      defaultValues={defaults}
      requireOffer={false}
      heldProgramIds={request.programs}
      submitText="Сохранить изменения"
      submitting={isLoading || leaving}
      onSubmit={save}
    />
  );
}

/**
 * `/apply/edit/{id}` (id of the application): its programs and coach can change while it is new or returned
 * and registration is open; otherwise it is shown as it stands, with the reason why it cannot change.
 */
export function ApplyEditPage() {
  const { id: requestId = '' } = useParams();
  const requestQuery = useRequestToEditQuery(requestId);
  const request = requestQuery.data;
  const competitionId = request?.competition[0];
  const sportsmanId = request?.sportsman[0];
  const clock = useClock();
  const editability = request ? requestEditability(request, clock) : null;
  const eventQuery = useEventByIdQuery(competitionId ?? skipToken);
  useDocumentTitle(eventQuery.data && `Заявка: ${eventQuery.data.__name}`);
  const eligibilityQuery = useApplicationEligibilityQuery(
    editability?.editable && competitionId && sportsmanId ? { sportsmanId, competitionId } : skipToken,
  );

  if (requestQuery.isLoading) return <PageSkeleton label="Загрузка заявки…" />;
  const requestError = requestQuery.error;
  // 403: the proxy does not show other people's applications; to them it is as good as missing.
  if (
    isMissingRecord(requestError) ||
    (requestError && 'status' in requestError && requestError.status === 403)
  ) {
    return NOT_FOUND;
  }
  if (!request) {
    return <ErrorState title="Не удалось загрузить заявку" onRetry={() => void requestQuery.refetch()} />;
  }
  if (!competitionId || !editability) return NOT_FOUND;
  if (eventQuery.isLoading || eligibilityQuery.isLoading) return <PageSkeleton label="Загрузка заявки…" />;
  const event = eventQuery.data;
  if (!event) {
    return isMissingRecord(eventQuery.error) ? (
      NOT_FOUND
    ) : (
      <ErrorState title="Не удалось загрузить мероприятие" onRetry={() => void eventQuery.refetch()} />
    );
  }

  const blockers = editability.editable ? reasonsAgainstChange(eligibilityQuery.data) : [];
  const editable = editability.editable && blockers.length === 0;
  const returned = request.requestState === 'returned';

  return (
    <section className={styles.page} aria-label="Заявка на участие">
      <ApplicationHeader
        title={editable ? 'Изменение заявки' : 'Заявка на участие'}
        event={event}
        athleteName={request.sportsmanName}
      />
      {returned && (
        <Notice tone="warning" title="Заявка возвращена на доработку">
          {request.reason && <p>Причина: {request.reason}</p>}
          {editable && <p>Исправьте заявку и сохраните её — она снова уйдёт организатору на рассмотрение.</p>}
        </Notice>
      )}
      {!editability.editable && (
        <Notice tone="info" role="status" title="Заявку изменить нельзя">
          <p>{editability.reason}</p>
        </Notice>
      )}
      {blockers.length > 0 && (
        <Notice tone="danger" role="alert" title="Изменить заявку сейчас нельзя">
          <RefusalReasons reasons={blockers} athleteId={sportsmanId ?? ''} />
        </Notice>
      )}
      {editable ? (
        <EditForm request={request} event={event} eligibility={eligibilityQuery.data} />
      ) : (
        <RequestSummary request={request} />
      )}
    </section>
  );
}
