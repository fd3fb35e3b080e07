import type { SerializedError } from '@reduxjs/toolkit';
import { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import {
  isMissingRecord,
  messageOf,
  rememberAfterPayment,
  useCreateMembershipRequestMutation,
  useCreateOrderMutation,
  useMembershipStatusQuery,
  type ScriptInput,
} from '@fed/api-client';
import { selectContractorType, selectUser, selectUserId } from '@fed/auth-session';
import {
  orderPagePath,
  type ApplicationEligibility,
  type EventDetails,
  type MembershipStatus,
  competitionPagePath,
} from '@fed/contracts';
import {
  ButtonLink,
  Cluster,
  ErrorState,
  Notice,
  PageSkeleton,
  formatEventDay,
  useDocumentTitle,
  useToast,
} from '@fed/ui-kit';
import { formatMoney } from '@fed/validation';
import {
  useApplicationEligibilityQuery,
  useCreateApplicationMutation,
  useEventByIdQuery,
} from '../api/events-api';
import { ApplicationForm, type ApplicationFormProps } from '../components/application-form';
import { ApplicationHeader } from '../components/application-header';
import { RefusalReasons } from '../components/refusal-reasons';
import { EventFailure } from '../components/event-failure';
import { coachOrNull, type ApplicationFormValues } from '../model/application-form';
import { useApplicationSaved } from '../model/use-application-saved';
import { useHeldWhileSending, type SendingHold } from '../model/use-held-while-sending';
import { useEventAgeClasses } from '../model/use-event-age-classes';
import styles from './application-page.module.css';

const TITLE = 'Заявка на участие';
const emptyApplication: ApplicationFormValues = { programIds: [], coach: '', acceptOffer: false };

function eventPath(id: string) {
  return competitionPagePath(id);
}

/** Every reason of the refusal is the membership, and some program is open to the athlete without it. */
function onlyMembershipMissing(eligibility: Pick<ApplicationEligibility, 'reasons' | 'programs'>): boolean {
  return (
    eligibility.reasons.length > 0 &&
    eligibility.reasons.every((reason) => reason.code === 'membership_expired') &&
    eligibility.programs.some((program) => program.eligible)
  );
}

/** The membership offered with the entry fee: the season it is bought for and where its term would end. */
export interface MembershipOffer {
  status: MembershipStatus;
  season: number;
  /** The end of the term if paid now (RFC 3339). */
  termUntil: string;
}

/**
 * The membership is the only thing missing: the athlete may apply now and pay the entry fee together with the
 * membership, in one order (the membership being bought counts as held), if the membership it would give lasts
 * until the event starts and the athlete may take it (or has an open membership request to pay). The status asked
 * about this event says so (`event.covered`, for the season the event falls in); otherwise the first season on
 * offer whose term reaches the start is the one.
 */
export function membershipOffer(
  eligibility: ApplicationEligibility,
  event: Pick<EventDetails, '__id' | 'date_start'>,
  status: MembershipStatus | undefined,
): MembershipOffer | null {
  if (!onlyMembershipMissing(eligibility) || !status) return null;
  if (!status.canApply && status.openRequestId === null) return null;
  if (status.event?.competitionId === event.__id) {
    return status.event.covered
      ? { status, season: status.season, termUntil: status.offeredTermUntil }
      : null;
  }
  const start = Date.parse(event.date_start);
  const covering = status.seasonChoices.find((choice) => Date.parse(choice.termUntil) >= start);
  return covering ? { status, ...covering } : null;
}

/** The athlete's new application: what both ways of applying send for the programs chosen. */
function newApplication(
  sportsmanId: string,
  event: EventDetails,
  values: ApplicationFormValues,
): ScriptInput<'createApplication'> {
  return {
    sportsmanId,
    competitionId: event.__id,
    programIds: values.programIds,
    coach: coachOrNull(values.coach),
    acceptOffer: true,
  };
}

/** The form of a new application to the event, blank, with the sportsman agreement to accept. */
function NewApplicationForm({
  event,
  ...form
}: Pick<
  ApplicationFormProps,
  'event' | 'eligibility' | 'submitText' | 'submitting' | 'onSubmit' | 'extraFees'
>) {
  const ageClasses = useEventAgeClasses(event);
  return (
    <ApplicationForm
      event={event}
      ageClasses={ageClasses}
      defaultValues={emptyApplication}
      requireOffer
      {...form}
    />
  );
}

/** What stands between the athlete and the form, if anything: an application made already, or reasons. */
function Obstacle({
  eligibility,
  eventId,
  mendable,
}: {
  eligibility: ApplicationEligibility;
  eventId: string;
  /** The membership alone is missing and can be paid with the entry fee, just below. */
  mendable: boolean;
}) {
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
      <Notice
        tone="danger"
        role="alert"
        title={
          mendable
            ? 'Без членства в федерации подать заявку нельзя'
            : 'Подать заявку на это мероприятие нельзя'
        }
      >
        <RefusalReasons
          reasons={eligibility.reasons}
          athleteId={eligibility.sportsmanId}
          competitionId={eventId}
        />
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
  sending,
}: {
  event: EventDetails;
  eligibility: ApplicationEligibility;
  sportsmanId: string;
  sending: SendingHold;
}) {
  const [createApplication, { isLoading }] = useCreateApplicationMutation();
  const { saved, leaving } = useApplicationSaved('Заявка подана');

  const submit = async (values: ApplicationFormValues) => {
    sending.hold();
    const result = await createApplication(newApplication(sportsmanId, event, values));
    if (result.error) sending.release();
    saved(result);
  };

  return (
    <>
      {!eligibility.eligible && (
        <Notice tone="warning" title="Нет программ, в которых вы можете выступить">
          <p>Рядом с каждой программой указано, почему она вам не подходит.</p>
        </Notice>
      )}
      <NewApplicationForm
        event={event}
        eligibility={eligibility}
        submitText="Подать заявку"
        submitting={isLoading || leaving}
        onSubmit={submit}
      />
    </>
  );
}

/**
 * The entry fee and the missing membership in one order and one payment: the membership request for the season
 * offered, with the event (a new one, or the open one moved to that season by the platform; an open one alone when
 * no new one may be made), the application made with it, the order of the application (which brings its
 * membership in), and off to pay. Once paid, the order page leads back to the event.
 */
function ApplyWithMembership({
  event,
  eligibility,
  sportsmanId,
  offer,
  sending,
}: {
  event: EventDetails;
  eligibility: ApplicationEligibility;
  sportsmanId: string;
  offer: MembershipOffer;
  sending: SendingHold;
}) {
  const membership = offer.status;
  const navigate = useNavigate();
  const toast = useToast();
  const [createMembershipRequest] = useCreateMembershipRequestMutation();
  const [createApplication] = useCreateApplicationMutation();
  const [createOrder] = useCreateOrderMutation();
  const [busy, setBusy] = useState(false);

  const refused = (error: FetchBaseQueryError | SerializedError | undefined) => {
    sending.release();
    setBusy(false);
    toast.error(messageOf(error));
  };

  const submit = async (values: ApplicationFormValues) => {
    sending.hold();
    setBusy(true);
    let membershipRequestId = membership.canApply ? null : membership.openRequestId;
    if (!membershipRequestId) {
      const made = await createMembershipRequest({
        sportsmanId,
        competitionId: event.__id,
        season: offer.season,
      });
      if ('error' in made) {
        refused(made.error);
        return;
      }
      membershipRequestId = made.data.__id;
    }
    const application = await createApplication({
      ...newApplication(sportsmanId, event, values),
      membershipRequestId,
    });
    if ('error' in application) {
      refused(application.error);
      return;
    }
    const order = await createOrder({ requestIds: [application.data.__id] });
    if ('error' in order) {
      // The application stands with its membership beside it: the cabinet offers to pay both.
      toast.error(`Заявка подана, но оплатить сейчас не получилось: ${messageOf(order.error)}`);
      void navigate('/profile');
      return;
    }
    rememberAfterPayment(order.data.id, {
      to: eventPath(event.__id),
      text: 'Вернуться к мероприятию',
    });
    void navigate(orderPagePath(order.data.id));
  };

  return (
    <section aria-labelledby="membership-offer-title" className={styles.offer}>
      <Notice tone="info">
        <h2 id="membership-offer-title" className={styles.offerTitle}>
          Подать заявку и оплатить членство вместе со взносом
        </h2>
        <p>
          Членство на сезон {offer.season} будет действовать до {formatEventDay(offer.termUntil)} — это после
          начала мероприятия. Членский взнос {formatMoney(membership.fee)} и стартовый взнос оплачиваются
          одним платежом; заявка будет принята, как только платёж пройдёт.
        </p>
      </Notice>
      <NewApplicationForm
        event={event}
        eligibility={eligibility}
        submitText="Оплатить взнос и членство"
        submitting={busy}
        onSubmit={submit}
        extraFees={[{ label: `Членский взнос, сезон ${offer.season}`, amount: membership.fee }]}
      />
    </section>
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
  // Only a refusal for the membership alone can be mended here, by paying for it with the entry fee.
  const membershipMissing =
    eligibilityQuery.data !== undefined && onlyMembershipMissing(eligibilityQuery.data);
  // Asked with the event: the season it falls in, and whether the membership bought now lasts until it starts.
  const membershipQuery = useMembershipStatusQuery(
    membershipMissing && sportsmanId ? { sportsmanId, competitionId } : skipToken,
  );
  // Once sent, the page stays as it was: the eligibility refetched then names the new application, and the form
  // would give way to «Вы уже подали заявку» under the toast, pulling the footer into view, while the next page
  // still loads.
  const [shown, sending] = useHeldWhileSending({
    eligibility: eligibilityQuery.data,
    membership: membershipQuery.data,
  });

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
  const eligibility = shown.eligibility;
  if (!eligibility) {
    return (
      <ErrorState
        title="Не удалось проверить, можете ли вы подать заявку"
        onRetry={() => void eligibilityQuery.refetch()}
      />
    );
  }

  const blocked = eligibility.existingRequestId !== null || eligibility.reasons.length > 0;
  const offer = blocked ? membershipOffer(eligibility, event, shown.membership) : null;
  return (
    <section className={styles.page} aria-label={TITLE}>
      <ApplicationHeader title={TITLE} event={event} athleteName={user?.displayName} />
      {blocked ? (
        <>
          <Obstacle eligibility={eligibility} eventId={event.__id} mendable={offer !== null} />
          {offer && (
            <ApplyWithMembership
              event={event}
              eligibility={eligibility}
              sportsmanId={sportsmanId}
              offer={offer}
              sending={sending}
            />
          )}
        </>
      ) : (
        <ApplyForm event={event} eligibility={eligibility} sportsmanId={sportsmanId} sending={sending} />
      )}
    </section>
  );
}
