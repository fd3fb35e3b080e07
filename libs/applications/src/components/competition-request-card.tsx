import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageOf, useRefundRequestMutation } from '@fed/api-client';
import type { RequestView } from '@fed/contracts';
import { Button, Cluster, useToast, type ButtonVariant } from '@fed/ui-kit';
import { organizerActions, type OrganizerDecision } from '../model/request-actions';
import { ReasonDialog } from './reason-dialog';
import { RequestBody } from './request-details';
import { RequestCard } from './request-card';
import { useRequestStateChange } from './use-request-state-change';
import styles from './request-card.module.css';

type HeadingLevel = 3 | 4 | 5;

export interface CompetitionRequestCardProps {
  request: RequestView;
  headingLevel: HeadingLevel;
}

type ReasonDecision = Extract<OrganizerDecision, 'returned' | 'rejected'>;

const decisions: Record<OrganizerDecision, { button: string; variant: ButtonVariant; done: string }> = {
  under_review: {
    button: 'Взять на рассмотрение',
    variant: 'secondary',
    done: 'Заявка взята на рассмотрение',
  },
  approved: { button: 'Одобрить', variant: 'primary', done: 'Заявка одобрена' },
  returned: { button: 'Вернуть на доработку', variant: 'secondary', done: 'Заявка возвращена на доработку' },
  rejected: { button: 'Отклонить', variant: 'danger', done: 'Заявка отклонена' },
};

const reasonDialogs: Record<ReasonDecision, { title: string; submit: string }> = {
  returned: { title: 'Вернуть заявку на доработку', submit: 'Вернуть' },
  rejected: { title: 'Отклонить заявку', submit: 'Отклонить' },
};

const needsReason = (decision: OrganizerDecision): decision is ReasonDecision =>
  decision === 'returned' || decision === 'rejected';

/** A request to the organizer's competition: who applied, for what, where it stands, and the decisions left. */
export function CompetitionRequestCard({ request, headingLevel }: CompetitionRequestCardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${headingLevel + 1}` as 'h4' | 'h5' | 'h6';
  // The decision the reason dialog asks for; kept while the dialog closes, so its title does not blank out.
  const [asking, setAsking] = useState<ReasonDecision>('returned');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, setPending] = useState<OrganizerDecision | null>(null);
  const { changeState, changing: changingState } = useRequestStateChange();
  const [refund, { isLoading: refunding }] = useRefundRequestMutation();
  const toast = useToast();
  const changing = changingState || refunding;
  const paid = request.payment_status === 'paid';

  // A paid application is rejected with its refund: the fee goes back to the athlete's card first (the proxy
  // refuses a plain rejection of a paid request).
  const rejectWithRefund = async (reason: string) => {
    const refunded = await refund({ requestId: request.__id, body: { state: 'rejected', reason } });
    if ('error' in refunded) {
      toast.error(messageOf(refunded.error));
      return false;
    }
    toast.success('Заявка отклонена, взнос возвращается спортсмену');
    return true;
  };

  const decide = async (decision: OrganizerDecision, reason?: string) => {
    setPending(decision);
    const done =
      decision === 'rejected' && paid && reason
        ? await rejectWithRefund(reason)
        : await changeState(
            { requestId: request.__id, requestState: decision, reason },
            decisions[decision].done,
          );
    setPending(null);
    return done;
  };

  const available = organizerActions(request);
  // The athlete's public page, for the organizer to see who applied.
  const athleteId = request.sportsman[0];
  return (
    <RequestCard
      request={request}
      titleId={titleId}
      heading={
        <Heading id={titleId} className={styles.title}>
          {athleteId ? (
            <Link to={`/profile/${encodeURIComponent(athleteId)}`}>
              {request.sportsmanName || 'Спортсмен'}
            </Link>
          ) : (
            request.sportsmanName || 'Спортсмен'
          )}
        </Heading>
      }
    >
      <RequestBody request={request} historyAs={SubHeading} />

      {available.length > 0 && (
        <Cluster className={styles.actions}>
          {available.map((decision) => (
            <Button
              key={decision}
              variant={decisions[decision].variant}
              loading={changing && pending === decision && !dialogOpen}
              disabled={changing}
              onClick={() => {
                if (!needsReason(decision)) return void decide(decision);
                setAsking(decision);
                setDialogOpen(true);
              }}
            >
              {decisions[decision].button}
            </Button>
          ))}
        </Cluster>
      )}

      <ReasonDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={
          asking === 'rejected' && paid ? 'Отклонить заявку и вернуть взнос' : reasonDialogs[asking].title
        }
        submitText={reasonDialogs[asking].submit}
        onSubmit={(reason) => decide(asking, reason)}
      />
    </RequestCard>
  );
}
