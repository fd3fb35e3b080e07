import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RequestView } from '@fed/contracts';
import { Button, ButtonLink, Card, Cluster, formatDateRange } from '@fed/ui-kit';
import { athleteActions } from '../model/request-actions';
import { returnReason } from '../model/status-timeline';
import { ConfirmCancelDialog } from './confirm-cancel-dialog';
import { RequestBody } from './request-details';
import { RequestStateBadge } from './request-state-badge';
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
  const actions = athleteActions(request, now);
  const reason = returnReason(request);
  const competitionId = request.competition[0];

  const resubmit = () =>
    changeState({ requestId: request.__id, requestState: 'under_review' }, 'Заявка отправлена повторно');
  const cancel = async () => {
    const done = await changeState({ requestId: request.__id, requestState: 'cancelled' }, 'Заявка отменена');
    if (done) setConfirmingCancel(false);
  };

  return (
    <Card as="article" padding="fluid" elevated className={styles.card} aria-labelledby={titleId}>
      <Cluster as="header" justify="between" align="start" gap={4} rowGap={2}>
        <div className={styles.heading}>
          <h3 id={titleId} className={styles.title}>
            {competitionId && request.nomenclature_type !== 'membership' ? (
              <Link to={`/competitions/${competitionId}`}>{request.competitionName}</Link>
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
        </div>
        <RequestStateBadge state={request.requestState} />
      </Cluster>

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

      {(actions.editPath || actions.resubmit || actions.cancel) && (
        <Cluster className={styles.actions}>
          {actions.editPath && (
            <ButtonLink to={actions.editPath} variant="secondary">
              Изменить
            </ButtonLink>
          )}
          {actions.resubmit && (
            <Button onClick={() => void resubmit()} loading={changing && !confirmingCancel}>
              Отправить повторно
            </Button>
          )}
          {actions.cancel && (
            <Button variant="ghost" onClick={() => setConfirmingCancel(true)} disabled={changing}>
              Отменить заявку
            </Button>
          )}
        </Cluster>
      )}

      <ConfirmCancelDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        competitionName={request.competitionName}
        paid={request.payment_status === 'paid'}
        cancelling={changing}
        onConfirm={() => void cancel()}
      />
    </Card>
  );
}
