import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messageOf, useCreateOrderMutation, useRefundRequestMutation } from '@fed/api-client';
import { orderPagePath, type RequestView, competitionPagePath } from '@fed/contracts';
import { Button, ButtonLink, Cluster, formatDateRange, useToast } from '@fed/ui-kit';
import { athleteActions } from '../model/request-actions';
import { returnReason } from '../model/status-timeline';
import { ConfirmCancelDialog } from './confirm-cancel-dialog';
import { RequestBody } from './request-details';
import { RequestCard } from './request-card';
import { useRequestStateChange } from './use-request-state-change';
import styles from './request-card.module.css';

export interface MyApplicationCardProps {
  request: RequestView;
  /** The moment the deadline rules compare against. */
  now: Date;
}

/** One of the athlete's own requests: where it stands, how it got there, and what may be done with it. */
export function MyApplicationCard({ request, now }: MyApplicationCardProps) {
  const titleId = useId();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const { changeState, changing } = useRequestStateChange();
  const [createOrder, { isLoading: ordering }] = useCreateOrderMutation();
  const [refund, { isLoading: refunding }] = useRefundRequestMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const actions = athleteActions(request, now);
  const reason = returnReason(request);
  const competitionId = request.competition[0];
  const busy = changing || refunding || ordering;

  const resubmit = () =>
    changeState({ requestId: request.__id, requestState: 'under_review' }, 'Заявка отправлена повторно');
  // A paid application is withdrawn through its refund: the fee goes back to the card first, then the
  // request is cancelled (the proxy refuses a plain cancel of a paid request).
  const cancel = async () => {
    if (actions.refundOnCancel) {
      const refunded = await refund({ requestId: request.__id });
      if ('error' in refunded) {
        toast.error(messageOf(refunded.error));
        return;
      }
      toast.success('Заявка отменена, взнос возвращается на карту');
      setConfirmingCancel(false);
      return;
    }
    const done = await changeState({ requestId: request.__id, requestState: 'cancelled' }, 'Заявка отменена');
    if (done) setConfirmingCancel(false);
  };
  // The order of this request (a new one, or the open one of the same request), then its page, where it is paid.
  const pay = async () => {
    const order = await createOrder({ requestIds: [request.__id] });
    if ('error' in order) {
      toast.error(messageOf(order.error));
      return;
    }
    void navigate(orderPagePath(order.data.id));
  };

  return (
    <RequestCard
      request={request}
      titleId={titleId}
      heading={
        <>
          <h3 id={titleId} className={styles.title}>
            {competitionId && request.nomenclature_type !== 'membership' ? (
              <Link to={competitionPagePath(competitionId)}>{request.competitionName}</Link>
            ) : (
              request.competitionName
            )}
          </h3>
          {request.competitionDate && (
            <p className={styles.subtitle}>
              <time dateTime={request.competitionDate}>
                {formatDateRange(request.competitionDate, request.competitionDateEnd)}
              </time>
            </p>
          )}
        </>
      }
    >
      {request.requestState === 'returned' && (
        <div className={styles.returnNotice} role="note" aria-label="Причина возврата">
          <p>
            <strong>Заявка возвращена на доработку.</strong>
            {reason && <> Причина: {reason}</>}
          </p>
          <p>Исправьте заявку и отправьте её повторно.</p>
        </div>
      )}

      <RequestBody request={request} historyAs="h4" />

      {(actions.pay || actions.editPath || actions.resubmit || actions.cancel) && (
        <Cluster className={styles.actions}>
          {actions.pay && (
            <Button onClick={() => void pay()} loading={ordering} disabled={busy}>
              Оплатить
            </Button>
          )}
          {actions.editPath && (
            <ButtonLink to={actions.editPath} variant="secondary">
              Изменить
            </ButtonLink>
          )}
          {actions.resubmit && (
            <Button onClick={() => void resubmit()} loading={changing && !confirmingCancel} disabled={busy}>
              Отправить повторно
            </Button>
          )}
          {actions.cancel && (
            <Button variant="ghost" onClick={() => setConfirmingCancel(true)} disabled={busy}>
              {actions.refundOnCancel ? 'Отменить с возвратом взноса' : 'Отменить заявку'}
            </Button>
          )}
        </Cluster>
      )}

      <ConfirmCancelDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        competitionName={request.competitionName}
        paid={actions.refundOnCancel}
        cancelling={changing || refunding}
        onConfirm={() => void cancel()}
      />
    </RequestCard>
  );
}
