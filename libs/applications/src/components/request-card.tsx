import type { ReactNode } from 'react';
import type { RequestView } from '@fed/contracts';
import { Card, Cluster } from '@fed/ui-kit';
import { PaymentBadge, RequestStateBadge } from './request-state-badge';
import styles from './request-card.module.css';

export interface RequestCardProps {
  request: Pick<RequestView, 'payment_status' | 'requestState'>;
  /** The id of the heading given in `heading`, which names the card. */
  titleId: string;
  /** The card's heading and what stands under it, beside where the request stands. */
  heading: ReactNode;
  children: ReactNode;
}

/** A request as both the athlete and the organizer see it: its heading, its state and fee, then the rest. */
export function RequestCard({ request, titleId, heading, children }: RequestCardProps) {
  return (
    <Card as="article" padding="fluid" elevated className={styles.card} aria-labelledby={titleId}>
      <Cluster as="header" justify="between" align="start" gap={4} rowGap={2}>
        <div className={styles.heading}>{heading}</div>
        <Cluster gap={2} rowGap={2}>
          <RequestStateBadge state={request.requestState} />
          <PaymentBadge request={request} />
        </Cluster>
      </Cluster>
      {children}
    </Card>
  );
}
