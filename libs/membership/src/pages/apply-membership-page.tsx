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
}: {
  athlete: OwnAthlete;
  status: MembershipStatus;
  eventId: string | null;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const [createRequest] = useCreateMembershipRequestMutation();
  const [createOrder] = useCreateOrderMutation();
  const [busy, setBusy] = useState(false);
  const payingOpen = status.openRequestId !== null;

  const start = async () => {
    setBusy(true);
    let requestId = status.openRequestId;
    if (!requestId) {
      const made = await createRequest({ sportsmanId: athlete.id });
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
      <Button
        size={renewing ? 'md' : 'lg'}
        variant={renewing ? 'secondary' : 'primary'}
        onClick={() => void start()}
        loading={busy}
      >
        {payingOpen
          ? 'Оплатить членство'
          : renewing
            ? `Продлить на сезон ${status.season}`
            : status.seasonNote
              ? `Оформить членство на сезон ${status.season}`
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
 * the federation's term rule and fee (the platform's settings), what is required, and «Оформить членство», which
 * makes the membership request and its order and goes to pay it. Coming from an event's apply form
 * (`?event={id}`), the order page leads back there once paid. A valid membership shows its card.
 */
export function ApplyMembershipPage({ notFound }: ApplyMembershipPageProps) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const eventId = search.get('event');
  const user = useSelector(selectUser);
  const athlete = useOwnAthlete(id);
  const query = useMembershipStatusQuery(athlete ? id : skipToken, { refetchOnMountOrArgChange: true });
  useDocumentTitle(TITLE);

  if (!user) return <PageSkeleton label="Загружаем членство…" />;
  const refused = query.error && 'status' in query.error ? query.error.status : null;
  if (!athlete || refused === 403 || refused === 404) return <>{notFound}</>;
  const status = query.data;

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

      {status ? (
        <>
          <MembershipReminders sportsmanId={athlete.id} />
          <Card padding="fluid" className={styles.facts}>
            <FactList layout="columns">
              <Fact term="Членство">
                <TermNow status={status} />
              </Fact>
              <Fact term="Срок">{status.ruleText}</Fact>
              <Fact term={`Сезон ${status.season}`}>
                После оплаты членство будет действовать до{' '}
                <time dateTime={status.offeredTermUntil}>{formatEventDay(status.offeredTermUntil)}</time>
                {status.seasonNote && <span className={styles.seasonNote}>{status.seasonNote}</span>}
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
          <Apply athlete={athlete} status={status} eventId={eventId} />
        </>
      ) : query.isError ? (
        <ErrorState title="Не удалось загрузить членство" onRetry={() => void query.refetch()} />
      ) : (
        <PageSkeleton label="Загружаем членство…" />
      )}
    </section>
  );
}
