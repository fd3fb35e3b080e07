import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  afterPaymentLink,
  messageOf,
  paymentPageUrl,
  UNEXPECTED_ERROR,
  useOrderQuery,
  usePayOrderMutation,
} from '@fed/api-client';
import { federation, orderStatusNames, type Order, type OrderStatus } from '@fed/contracts';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Cluster,
  ErrorState,
  Notice,
  PageSkeleton,
  formatDeadline,
  formatEventDay,
  useClock,
  useDocumentTitle,
  useToast,
  type BadgeTone,
  type NoticeProps,
} from '@fed/ui-kit';
import { formatMoney, formatPhone, parseE164, PHONE_FORMATS } from '@fed/validation';
import { leaveFor } from '../lib/leave-for';
import { lineKindName, lineLink, orderOutcome, type OrderOutcome } from '../model/order-outcome';
import styles from './order-page.module.css';

export interface OrderPageProps {
  /** Shown for an order that is not the signed-in login's (or none): the app's 404 view. */
  notFound: ReactNode;
}

/** How long the page keeps asking after the payer's return while the provider's answer is not in yet. */
export const WAITING_POLL_MS = 3000;
export const WAITING_POLL_FOR_MS = 30_000;

const statusTones: Record<OrderStatus, BadgeTone> = {
  new: 'warning',
  pending: 'info',
  paid: 'success',
  canceled: 'muted',
  refunded: 'neutral',
  partially_refunded: 'neutral',
};

const rub = (kopecks: number) => formatMoney({ cents: kopecks, currency: 'RUB' });

/** «+7 (999) 000-00-01» for the receipt's phone. */
function phoneText(e164: string): string {
  const parsed = parseE164(e164);
  if (!parsed) return e164;
  return `+${PHONE_FORMATS[parsed.country].dialCode} ${formatPhone(parsed.digits, parsed.country)}`;
}

/** A payment that did not go through, declined or left to expire: only how it is told differs. */
const failedPayments: Record<
  Extract<OrderOutcome, { kind: 'declined' | 'expired' }>['kind'],
  Pick<NoticeProps, 'tone' | 'title'>
> = {
  declined: { tone: 'danger', title: 'Платёж не прошёл' },
  expired: { tone: 'warning', title: 'Оплата не была завершена' },
};

/** What happened with the payment, at the top: the provider's answer as the api read it. */
function OutcomeNotice({
  outcome,
  order,
  onRefresh,
  refreshing,
}: {
  outcome: OrderOutcome;
  order: Order;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  switch (outcome.kind) {
    case 'paid':
      return (
        <Notice tone="success" role="status" title="Оплата прошла">
          <p>
            {order.paidAt ? `Заказ оплачен ${formatDeadline(order.paidAt)}. ` : ''}Чек придёт на номер{' '}
            {phoneText(order.payer.phone)}.
          </p>
        </Notice>
      );
    case 'declined':
    case 'expired':
      return (
        <Notice {...failedPayments[outcome.kind]} role="alert">
          <p>{outcome.message}</p>
          <p>Деньги не списаны, заказ можно оплатить снова.</p>
        </Notice>
      );
    case 'waiting':
      return (
        <Notice tone="info" role="status" title="Ждём ответа платёжного сервиса">
          <p>
            Если вы уже ввели данные карты, оплата подтвердится через несколько секунд. Если вы ушли со
            страницы оплаты, вернитесь к ней кнопкой «Оплатить».
          </p>
          <p>
            <Button variant="secondary" size="sm" onClick={onRefresh} loading={refreshing}>
              Обновить
            </Button>
          </p>
        </Notice>
      );
    case 'refunded':
      return (
        <Notice
          tone="info"
          role="status"
          title={outcome.partial ? 'Часть суммы возвращена на карту' : 'Деньги возвращены на карту'}
        >
          <p>
            На карту возвращено {rub(order.refundedAmount)}. Обычно деньги приходят в течение нескольких дней,
            срок зависит от банка.
          </p>
        </Notice>
      );
    case 'canceled':
      return (
        <Notice tone="info" title="Заказ отменён">
          <p>Эти заявки оплачиваются в другом заказе или больше не требуют оплаты.</p>
        </Notice>
      );
    case 'returned':
      return (
        <Notice tone="warning" role="alert" title="Платёж возвращён на карту">
          <p>{outcome.message}</p>
          <p>Деньги вернутся на карту, обычно в течение нескольких дней, срок зависит от банка.</p>
        </Notice>
      );
    case 'unpaid':
      return null;
  }
}

function OrderLines({ order }: { order: Order }) {
  return (
    <ul className={styles.lines} aria-label="Состав заказа">
      {order.lines.map((line) => {
        const link = lineLink(line);
        return (
          <li key={line.id} className={styles.line}>
            <div className={styles.lineMain}>
              {/* The platform's title names the kind already («Стартовый взнос: …»); a bare one gets its kind. */}
              {!line.title.startsWith(lineKindName(line)) && (
                <p className={styles.lineKind}>{lineKindName(line)}</p>
              )}
              <p className={styles.lineTitle}>
                {line.title}
                {line.state === 'refunded' && (
                  <>
                    {' '}
                    <Badge tone="neutral">Возвращён</Badge>
                  </>
                )}
              </p>
              {line.details && <p className={styles.lineDetails}>{line.details}</p>}
              {!line.details.includes(line.sportsmanName) && (
                <p className={styles.lineDetails}>Спортсмен: {line.sportsmanName}</p>
              )}
              {link && (
                <Link to={link.to} className={styles.lineLink}>
                  {link.text}
                </Link>
              )}
            </div>
            <p className={styles.lineAmount}>{rub(line.amount)}</p>
          </li>
        );
      })}
    </ul>
  );
}

function OrderView({ order, refetch, fetching }: { order: Order; refetch: () => void; fetching: boolean }) {
  const titleId = useId();
  const toast = useToast();
  const [payOrder, { isLoading: paying }] = usePayOrderMutation();
  const [leaving, setLeaving] = useState(false);
  const outcome = orderOutcome(order);
  const next = order.status === 'paid' ? afterPaymentLink(order.id) : null;

  const pay = async () => {
    const result = await payOrder(order.id);
    if ('error' in result) {
      toast.error(messageOf(result.error));
      return;
    }
    const url = paymentPageUrl(result.data.confirmationUrl, window.location.origin);
    if (!url) {
      toast.error(UNEXPECTED_ERROR);
      return;
    }
    // The button stays busy until the browser has left, so a second press has nothing to press.
    setLeaving(true);
    leaveFor(url);
  };

  return (
    <article className={styles.order} aria-labelledby={titleId}>
      <Cluster as="header" justify="between" align="start" gap={3} rowGap={2}>
        <div>
          <h1 id={titleId} className={styles.title}>
            Заказ на {rub(order.amount)}
          </h1>
          <p className={styles.subtitle}>
            Заказ от <time dateTime={order.createdAt}>{formatEventDay(order.createdAt)}</time>
          </p>
        </div>
        <Badge tone={statusTones[order.status]} size="md">
          {orderStatusNames[order.status]}
        </Badge>
      </Cluster>

      <OutcomeNotice outcome={outcome} order={order} onRefresh={refetch} refreshing={fetching} />

      <Card padding="fluid" className={styles.card}>
        <OrderLines order={order} />
        <dl className={styles.totals}>
          <div className={styles.total}>
            <dt>Итого</dt>
            <dd>{rub(order.amount)}</dd>
          </div>
          {order.refundedAmount > 0 && (
            <div className={styles.refundedTotal}>
              <dt>Возвращено</dt>
              <dd>{rub(order.refundedAmount)}</dd>
            </div>
          )}
          <div className={styles.payer}>
            <dt>Плательщик</dt>
            <dd>{phoneText(order.payer.phone)} — на этот номер придёт чек</dd>
          </div>
        </dl>
      </Card>

      {order.payable && (
        <div className={styles.pay}>
          <Button size="lg" fullWidth onClick={() => void pay()} loading={paying || leaving}>
            Оплатить {rub(order.amount)}
          </Button>
          <p className={styles.payNote}>
            Оплата банковской картой на защищённой странице ЮKassa. После оплаты вы вернётесь на эту страницу.
          </p>
        </div>
      )}

      <Cluster as="nav" aria-label="Куда дальше" gap={3} rowGap={2} className={styles.next}>
        {next && <ButtonLink to={next.to}>{next.text}</ButtonLink>}
        <ButtonLink to="/profile" variant={next ? 'secondary' : 'primary'}>
          Мои заявки
        </ButtonLink>
      </Cluster>
    </article>
  );
}

/**
 * `/order/{id}` (spec §2, no layout): what is paid, for whom, how much and how it stands. «Оплатить» asks the
 * api for the provider's page and sends the browser there; the provider sends it back here, and the page shows
 * what the api read from the provider then — paid, declined with the reason, or still waiting. Only the paying
 * login sees an order: for anyone else the api answers 404, and the page shows `notFound`.
 */
export function OrderPage({ notFound }: OrderPageProps) {
  const { id = '' } = useParams();
  const clock = useClock();
  const [pollUntil] = useState(() => clock.now() + WAITING_POLL_FOR_MS);
  const [polling, setPolling] = useState(true);
  const query = useOrderQuery(id, { pollingInterval: polling ? WAITING_POLL_MS : 0 });
  const waiting = query.data?.status === 'pending';
  useDocumentTitle('Заказ');

  // The provider's answer usually follows the payer back within seconds: ask again for a while, then leave it
  // to the «Обновить» button.
  useEffect(() => {
    if (!waiting) {
      setPolling(false);
      return;
    }
    const left = pollUntil - clock.now();
    if (left <= 0) {
      setPolling(false);
      return;
    }
    setPolling(true);
    const timer = setTimeout(() => setPolling(false), left);
    return () => clearTimeout(timer);
  }, [waiting, pollUntil, clock]);

  // Another login's order and one that does not exist are the same 404 (an address that cannot be an order: 400).
  const status = query.error && 'status' in query.error ? query.error.status : null;
  if (status === 404 || status === 400) return <>{notFound}</>;

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Cluster justify="between" gap={3}>
          <Link to="/" className={styles.home}>
            {federation.shortName} — {federation.name}
          </Link>
          <Link to="/profile" className={styles.cabinet}>
            Личный кабинет
          </Link>
        </Cluster>
      </header>
      {query.data ? (
        <OrderView order={query.data} refetch={() => void query.refetch()} fetching={query.isFetching} />
      ) : query.isError ? (
        <ErrorState title="Не удалось загрузить заказ" onRetry={() => void query.refetch()} />
      ) : (
        <PageSkeleton label="Загружаем заказ…" />
      )}
    </main>
  );
}
