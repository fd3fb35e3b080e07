import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { selectContractorType, selectUser, selectUserId } from '@fed/auth-session';
import type { ApplicationEligibility, EventDetails } from '@fed/contracts';
import { ButtonLink, Cluster, ErrorState, Notice, PageSkeleton, useDocumentTitle } from '@fed/ui-kit';
import {
  useApplicationEligibilityQuery,
  useCreateApplicationMutation,
  useEventByIdQuery,
} from '../api/events-api';
import { ApplicationForm } from '../components/application-form';
import { ApplicationHeader } from '../components/application-header';
import { RefusalReasons } from '../components/refusal-reasons';
import { EventFailure } from '../components/event-failure';
import { isMissingRecord } from '../lib/api-failure';
import { coachOrNull, type ApplicationFormValues } from '../model/application-form';
import { useApplicationSaved } from '../model/use-application-saved';
import { useEventAgeClasses } from '../model/use-event-age-classes';
import styles from './application-page.module.css';

const TITLE = 'Заявка на участие';
const emptyApplication: ApplicationFormValues = { programIds: [], coach: '', acceptOffer: false };

function eventPath(id: string) {
  return `/competitions/${encodeURIComponent(id)}`;
}

/** What stands between the athlete and the form, if anything: an application made already, or reasons. */
function Obstacle({ eligibility, eventId }: { eligibility: ApplicationEligibility; eventId: string }) {
  if (eligibility.existingRequestId) {
    return (
      <Notice tone="info" role="status" title="Вы уже подали заявку на это мероприятие">
        <p>Изменить выбранные программы или тренера можно в заявке, пока идёт приём заявок.</p>
        <p>
          <ButtonLink to={`/apply/edit/${encodeURIComponent(eligibility.existingRequestId)}`}>
            Открыть заявку
          </ButtonLink>
        </p>
      </Notice>
    );
  }
  if (eligibility.reasons.length > 0) {
    return (
      <Notice tone="danger" role="alert" title="Подать заявку на это мероприятие нельзя">
        <RefusalReasons reasons={eligibility.reasons} athleteId={eligibility.sportsmanId} />
        <Cluster as="p">
          <ButtonLink to={eventPath(eventId)} variant="secondary">
            Вернуться к мероприятию
          </ButtonLink>
          <ButtonLink to="/profile" variant="secondary">
            Личный кабинет
          </ButtonLink>
        </Cluster>
      </Notice>
    );
  }
  return null;
}

function ApplyForm({
  event,
  eligibility,
  sportsmanId,
}: {
  event: EventDetails;
  eligibility: ApplicationEligibility;
  sportsmanId: string;
}) {
  const ageClasses = useEventAgeClasses(event);
  const [createApplication, { isLoading }] = useCreateApplicationMutation();
  const saved = useApplicationSaved('Заявка подана');

  const submit = async (values: ApplicationFormValues) =>
    saved(
      await createApplication({
        sportsmanId,
        competitionId: event.__id,
        programIds: values.programIds,
        coach: coachOrNull(values.coach),
        acceptOffer: true,
      }),
    );

  return (
    <>
      {!eligibility.eligible && (
        <Notice tone="warning" title="Нет программ, в которых вы можете выступить">
          <p>Рядом с каждой программой указано, почему она вам не подходит.</p>
        </Notice>
      )}
      <ApplicationForm
        event={event}
        ageClasses={ageClasses}
        eligibility={eligibility}
        defaultValues={emptyApplication}
        requireOffer
        submitText="Подать заявку"
        submitting={isLoading}
        onSubmit={submit}
      />
    </>
  );
}

/**
 * `/apply/{id}` (id of the competition): the athlete's eligibility is checked first; reasons that concern the
 * athlete or the whole event show instead of the form, so no one fills in what cannot be sent.
 */
export function ApplyPage() {
  const { id: competitionId = '' } = useParams();
  const organization = useSelector(selectContractorType) === 'organization';
  const sportsmanId = useSelector(selectUserId);
  const user = useSelector(selectUser);
  const eventQuery = useEventByIdQuery(competitionId);
  useDocumentTitle(eventQuery.data && `Заявка: ${eventQuery.data.__name}`);
  const eligibilityQuery = useApplicationEligibilityQuery(
    !organization && sportsmanId ? { sportsmanId, competitionId } : skipToken,
  );

  if (organization) {
    return (
      <section className={styles.page} aria-labelledby="apply-title">
        <h1 id="apply-title" className={styles.title}>
          {TITLE}
        </h1>
        <Notice tone="info" title="Заявки на участие подают только спортсмены">
          <p>Вы вошли как организация. Чтобы подать заявку, войдите в аккаунт спортсмена.</p>
          <p>
            <ButtonLink to={eventPath(competitionId)} variant="secondary">
              Вернуться к мероприятию
            </ButtonLink>
          </p>
        </Notice>
      </section>
    );
  }
  if (eventQuery.isLoading || eligibilityQuery.isLoading) return <PageSkeleton label="Проверяем заявку…" />;
  const event = eventQuery.data;
  if (isMissingRecord(eventQuery.error) || !event) {
    return <EventFailure error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />;
  }
  if (!sportsmanId) {
    return (
      <Notice tone="warning" title="Не удалось определить спортсмена">
        <p>Выйдите и войдите снова, затем вернитесь к мероприятию.</p>
      </Notice>
    );
  }
  const eligibility = eligibilityQuery.data;
  if (!eligibility) {
    return (
      <ErrorState
        title="Не удалось проверить, можете ли вы подать заявку"
        onRetry={() => void eligibilityQuery.refetch()}
      />
    );
  }

  const blocked = eligibility.existingRequestId !== null || eligibility.reasons.length > 0;
  return (
    <section className={styles.page} aria-label={TITLE}>
      <ApplicationHeader title={TITLE} event={event} athleteName={user?.displayName} />
      {blocked ? (
        <Obstacle eligibility={eligibility} eventId={event.__id} />
      ) : (
        <ApplyForm event={event} eligibility={eligibility} sportsmanId={sportsmanId} />
      )}
    </section>
  );
}
