import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  messageOf,
  rememberAfterPayment,
  useCreateMembershipRequestMutation,
  useCreateOrderMutation,
  useMembershipStatusQuery,
} from '@fed/api-client';
import { selectUser } from '@fed/auth-session';
import { fixPaths, orderPagePath, type MembershipRequirement, type MembershipStatus } from '@fed/contracts';
import {
  Badge,
  Button,
  Card,
  ErrorState,
  Fact,
  FactList,
  Notice,
  PageSkeleton,
  RadioGroup,
  formatEventDay,
  useDocumentTitle,
  useToast,
} from '@fed/ui-kit';
import { formatMoney } from '@fed/validation';
import { MembershipCard } from '../components/membership-card';
import { MembershipReminders } from '../components/membership-reminders';
import { useOwnAthlete, type OwnAthlete } from '../model/athlete';
import styles from './apply-membership-page.module.css';

export interface ApplyMembershipPageProps {
  /** Shown for an id that is not an athlete of the signed-in login: the app's 404 view. */
  notFound: ReactNode;
}

const TITLE = 'Членство в федерации';

/** A season a request may be for, with where its term would end if paid now. */
type SeasonChoice = MembershipStatus['seasonChoices'][number];

/** Where each unmet requirement is fixed (the profile's photo, its legal representative section). */
const requirementFixes: Partial<Record<MembershipRequirement['code'], { to: string; text: string }>> = {
  photo: { to: '/profile', text: 'Добавить фото в профиле' },
  legal_representative: { to: fixPaths.legalRepresentative, text: 'Добавить законного представителя' },
};

function TermNow({ status }: { status: MembershipStatus }) {
  if (status.active && status.termUntil) {
    return (
      <>
        <Badge tone="success" size="md">
          Действует
        </Badge>{' '}
        до <time dateTime={status.termUntil}>{formatEventDay(status.termUntil)}</time>
      </>
    );
  }
  if (status.termUntil) {
    return (
      <>
        <Badge tone="danger" size="md">
          Закончилось
        </Badge>{' '}
        <time dateTime={status.termUntil}>{formatEventDay(status.termUntil)}</time>
      </>
    );
  }
  return (
    <Badge tone="muted" size="md">
      Не оформлено
    </Badge>
  );
}

function Requirements({ requirements }: { requirements: readonly MembershipRequirement[] }) {
  return (
    <ul className={styles.requirements} aria-label="Что нужно для членства">
      {requirements.map((requirement) => {
        const fix = requirementFixes[requirement.code];
        return (
          <li key={requirement.code} className={styles.requirement} data-met={requirement.met}>
            <span className={styles.mark} aria-hidden="true">
              {requirement.met ? '✓' : '!'}
            </span>
            <div>
              <p className={styles.requirementTitle}>
                {requirement.title}
                <span className="visually-hidden">{requirement.met ? ': есть' : ': нет'}</span>
              </p>
              {!requirement.met && requirement.message && (
                <p className={styles.requirementMessage}>{requirement.message}</p>
              )}
              {!requirement.met && fix && (
                <Link to={fix.to} className={styles.fix}>
                  {fix.text}
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Apply({
  athlete,
  status,
  eventId,
  offered,
  onChoose,
}: {
  athlete: OwnAthlete;
  status: MembershipStatus;
  eventId: string | null;
  /** The season to buy, as chosen (or offered). */
  offered: SeasonChoice;
  onChoose: (season: number) => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const [createRequest] = useCreateMembershipRequestMutation();
  const [createOrder] = useCreateOrderMutation();
  const [busy, setBusy] = useState(false);
  const payingOpen = status.openRequestId !== null;
  // With calendar-year terms the next season can be bought ahead of time: the athlete says which.
  const choosing = status.canApply && status.seasonChoices.length > 1;

  const start = async () => {
    setBusy(true);
    // A request for the season shown; the platform answers an open one instead of making another, moved to that
    // season. An open one that can no longer be asked again is paid as it is.
    let requestId = status.canApply ? null : status.openRequestId;
    if (!requestId) {
      const made = await createRequest({
        sportsmanId: athlete.id,
        season: offered.season,
        competitionId: eventId ?? undefined,
      });
      if ('error' in made) {
        setBusy(false);
        toast.error(messageOf(made.error));
        return;
      }
      requestId = made.data.__id;
    }
    const order = await createOrder({ requestIds: [requestId] });
    if ('error' in order) {
      setBusy(false);
      toast.error(messageOf(order.error));
      return;
    }
    rememberAfterPayment(
      order.data.id,
      eventId
        ? { to: `/apply/${encodeURIComponent(eventId)}`, text: 'Вернуться к заявке на мероприятие' }
        : { to: fixPaths.membership(athlete.id), text: 'К членскому билету' },
    );
    navigate(orderPagePath(order.data.id));
  };

  if (!status.canApply && !payingOpen) {
    return (
      <Notice tone="warning" title="Оформить членство пока нельзя">
        <ul className={styles.reasons}>
          {status.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </Notice>
    );
  }
  // A valid membership is renewed for the next season; its card above says what holds now.
  const renewing = status.active && !payingOpen;
  return (
    <div className={styles.apply}>
      {choosing && (
        <RadioGroup
          label="Сезон членства"
          name="season"
          // «Сезон 2027 — до 31 декабря 2027».
          options={status.seasonChoices.map(({ season, termUntil }) => ({
            value: String(season),
            text: `Сезон ${season} — до ${formatEventDay(termUntil)}`,
          }))}
          value={String(offered.season)}
          onChange={(season) => onChoose(Number(season))}
        />
      )}
      <Button
        size={renewing ? 'md' : 'lg'}
        variant={renewing ? 'secondary' : 'primary'}
        onClick={() => void start()}
        loading={busy}
      >
        {payingOpen
          ? 'Оплатить членство'
          : renewing
            ? `Продлить на сезон ${offered.season}`
            : status.seasonNote
              ? `Оформить членство на сезон ${offered.season}`
              : 'Оформить членство'}
      </Button>
      <p className={styles.applyNote}>
        {payingOpen
          ? 'Заявка на членство уже принята: осталось оплатить взнос.'
          : 'Заявка принимается сразу, если всё необходимое есть в профиле.'}{' '}
        Взнос {formatMoney(status.fee)} — оплата картой на следующем шаге.
      </p>
    </div>
  );
}

/**
 * `/apply-membership/{id}` (signed in; `id` is the athlete, one of the login's): the athlete's term and its end,
 * the federation's term rule and fee (the platform's settings), the season sold and until when its term would last
 * (a choice of seasons when the next one can be bought ahead), what is required, and «Оформить членство», which
 * makes the membership request for that season and its order and goes to pay it. Coming from an event's apply form
 * (`?event={id}`), the status and the request are for that event (the season it falls in), and the order page
 * leads back there once paid. A valid membership shows its card.
 */
export function ApplyMembershipPage({ notFound }: ApplyMembershipPageProps) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const eventId = search.get('event');
  const user = useSelector(selectUser);
  const athlete = useOwnAthlete(id);
  const query = useMembershipStatusQuery(
    athlete ? { sportsmanId: id, competitionId: eventId ?? undefined } : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  const [chosenSeason, setChosenSeason] = useState<number | null>(null);
  useDocumentTitle(TITLE);

  if (!user) return <PageSkeleton label="Загружаем членство…" />;
  const refused = query.error && 'status' in query.error ? query.error.status : null;
  if (!athlete || refused === 403 || refused === 404) return <>{notFound}</>;
  const status = query.data;
  // The season the athlete chose among those on offer, else the platform's (the first of them).
  const offered: SeasonChoice | undefined = status && {
    season: status.season,
    termUntil: status.offeredTermUntil,
    ...status.seasonChoices.find(({ season }) => season === chosenSeason),
  };

  return (
    <section className={styles.page} aria-labelledby="membership-title">
      <header className={styles.header}>
        {eventId && (
          <Link to={`/apply/${encodeURIComponent(eventId)}`} className={styles.back}>
            <span aria-hidden="true">←</span> К заявке на мероприятие
          </Link>
        )}
        <h1 id="membership-title" className={styles.title}>
          {TITLE}
        </h1>
        <p className={styles.meta}>
          Спортсмен: <strong>{athlete.name}</strong>
        </p>
      </header>

      {status && offered ? (
        <>
          <MembershipReminders sportsmanId={athlete.id} />
          <Card padding="fluid" className={styles.facts}>
            <FactList layout="columns">
              <Fact term="Членство">
                <TermNow status={status} />
              </Fact>
              <Fact term="Срок">{status.ruleText}</Fact>
              <Fact term={`Сезон ${offered.season}`}>
                После оплаты членство будет действовать до{' '}
                <time dateTime={offered.termUntil}>{formatEventDay(offered.termUntil)}</time>
                {status.seasonNote && offered.season === status.season && (
                  <span className={styles.seasonNote}>{status.seasonNote}</span>
                )}
              </Fact>
              <Fact term="Членский взнос">{formatMoney(status.fee)}</Fact>
            </FactList>
          </Card>
          <section aria-labelledby="requirements-title" className={styles.block}>
            <h2 id="requirements-title" className={styles.subtitle}>
              Что нужно для членства
            </h2>
            <Requirements requirements={status.requirements} />
          </section>
          {status.active && <MembershipCard sportsmanId={athlete.id} />}
          <Apply
            athlete={athlete}
            status={status}
            eventId={eventId}
            offered={offered}
            onChoose={setChosenSeason}
          />
        </>
      ) : query.isError ? (
        <ErrorState title="Не удалось загрузить членство" onRetry={() => void query.refetch()} />
      ) : (
        <PageSkeleton label="Загружаем членство…" />
      )}
    </section>
  );
}
