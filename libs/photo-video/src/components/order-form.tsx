import { photoVideoPaths } from '@fed/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  messageOf,
  rememberAfterPayment,
  useCreateOrderMutation,
  useRefundRequestMutation,
} from '@fed/api-client';
import type { PhotoVideoOffer, PhotoVideoPerformance } from '@fed/contracts';
import { Badge, Button, Card, Cluster, RadioGroup, Stack, formatDateRange, useToast } from '@fed/ui-kit';
import { formatMoney } from '@fed/validation';
import {
  useCancelSaleMutation,
  useCreatePhotoVideoSalesMutation,
  useUpdatePhotoVideoSaleMutation,
} from '../api/photo-video-api';
import { initialChoices, isBought, performanceKey, planOrder, type Choice } from '../model/order-choices';
import { CancelSaleDialog } from './cancel-sale-dialog';
import styles from './order-form.module.css';

export interface OrderFormProps {
  offer: PhotoVideoOffer;
  /** The sale the page was opened for (the edit address): shown first and marked. */
  focusSaleId?: string;
}

/**
 * Packages per performance at one event, the total, and one order for everything unpaid: new choices become
 * sales, changed ones change, dropped ones are withdrawn, then the order of all the open ones is made and the
 * payer goes to its page. A refusal keeps every choice and says why.
 */
export function OrderForm({ offer, focusSaleId }: OrderFormProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Record<string, Choice>>(() => initialChoices(offer.performances));
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<PhotoVideoPerformance | null>(null);
  const [createSales] = useCreatePhotoVideoSalesMutation();
  const [updateSale] = useUpdatePhotoVideoSaleMutation();
  const [cancelSale] = useCancelSaleMutation();
  const [createOrder] = useCreateOrderMutation();
  const [refund] = useRefundRequestMutation();

  const performances = [...offer.performances].sort(
    (a, b) => Number(b.sale?.__id === focusSaleId) - Number(a.sale?.__id === focusSaleId),
  );
  const plan = planOrder(offer.performances, choices, offer.prices);
  const payable = plan.create.length + plan.keep.length;
  const options = [
    { value: '', text: 'Не нужно' },
    ...offer.prices.map((price) => ({
      value: price.code,
      text: `${price.name} — ${formatMoney(price.price)}`,
    })),
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || payable === 0) return;
    setBusy(true);
    try {
      for (const saleId of plan.cancel) await cancelSale(saleId).unwrap();
      for (const change of plan.change) await updateSale(change).unwrap();
      const created =
        plan.create.length > 0
          ? await createSales({
              sportsmanId: offer.sportsmanId,
              competitionId: offer.competitionId,
              items: plan.create,
            }).unwrap()
          : [];
      const requestIds = [...plan.keep, ...created.flatMap((sale) => sale.request ?? [])];
      const order = await createOrder({ requestIds }).unwrap();
      rememberAfterPayment(order.id, {
        to: photoVideoPaths.locker(offer.competitionId),
        text: 'Перейти к фото и видео',
      });
      void navigate(`/order/${encodeURIComponent(order.id)}`);
    } catch (error) {
      toast.error(messageOf(error as Parameters<typeof messageOf>[0]));
      setBusy(false);
    }
  }

  async function confirmCancel() {
    const sale = cancelling?.sale;
    if (!sale) return;
    const result =
      sale.status === 'paid' && sale.request?.[0]
        ? await refund({ requestId: sale.request[0] })
        : await cancelSale(sale.__id);
    setCancelling(null);
    if ('error' in result && result.error) {
      toast.error(messageOf(result.error));
      return;
    }
    toast.success(sale.status === 'paid' ? 'Заказ отменён, деньги вернутся на карту' : 'Заказ отменён');
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="photo-video-order-title" noValidate>
      <Card as="section" aria-labelledby="photo-video-order-title">
        <Stack gap={2}>
          <h2 id="photo-video-order-title" className={styles.heading}>
            {offer.competitionName}
          </h2>
          <p className={styles.meta}>
            {formatDateRange(offer.dateStart, offer.dateEnd)} · {offer.sportsmanName}
          </p>
          <p className={styles.meta}>
            Фото и видео ваших выступлений: организатор отмечает в них вас сам, искать по номеру не нужно.
            Купленное остаётся в личном кабинете без срока.
          </p>
        </Stack>
      </Card>

      <ul className={styles.performances} aria-label="Выступления">
        {performances.map((performance) => {
          const key = performanceKey(performance);
          const sale = performance.sale;
          const focused = sale !== null && sale.__id === focusSaleId;
          return (
            <Card as="li" key={key} className={focused ? styles.focused : undefined}>
              <Stack gap={3}>
                <Cluster justify="between" align="baseline">
                  <h3 className={styles.program}>{performance.programName}</h3>
                  {sale && (
                    <Badge tone={isBought(performance) ? 'success' : 'warning'}>
                      {isBought(performance) ? `Оплачено: ${sale.package[0]?.name ?? ''}` : 'Ожидает оплаты'}
                    </Badge>
                  )}
                </Cluster>
                {isBought(performance) ? (
                  <p className={styles.meta}>
                    <Link to={photoVideoPaths.locker(offer.competitionId)}>Открыть фото и видео</Link>
                  </p>
                ) : (
                  <RadioGroup
                    label="Что заказать"
                    name={`package-${key}`}
                    options={options}
                    value={choices[key] ?? ''}
                    onChange={(value) => setChoices((current) => ({ ...current, [key]: value as Choice }))}
                    disabled={busy}
                  />
                )}
                {sale?.cancellable && (
                  <Cluster>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => setCancelling(performance)}
                    >
                      {sale.status === 'paid' ? 'Отменить с возвратом денег' : 'Отменить заказ'}
                    </Button>
                  </Cluster>
                )}
              </Stack>
            </Card>
          );
        })}
      </ul>

      <Card className={plan.total > 0 ? `${styles.total} ${styles.sticky}` : styles.total} aria-live="polite">
        <Cluster justify="between" align="center">
          <p className={styles.sum}>
            Итого: <strong>{formatMoney({ cents: plan.total, currency: 'RUB' })}</strong>
          </p>
          <Button type="submit" loading={busy} disabled={payable === 0}>
            Оформить и оплатить
          </Button>
        </Cluster>
      </Card>

      <CancelSaleDialog
        performance={cancelling}
        onClose={() => setCancelling(null)}
        onConfirm={() => void confirmCancel()}
      />
    </form>
  );
}
