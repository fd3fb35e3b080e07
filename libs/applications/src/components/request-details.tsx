import type { RequestView } from '@fed/contracts';
import { Fact, FactList } from '@fed/ui-kit';
import { formatMoney } from '@fed/validation';
import { paymentStatusNames } from '../model/request-labels';
import { StatusTimeline } from './status-timeline';
import styles from './request-card.module.css';

/** Programs, coach, fee and payment of a request, as term and value pairs. */
export function RequestDetails({ request }: { request: RequestView }) {
  return (
    <FactList layout="columns">
      {request.programNames.length > 0 && (
        <Fact term="Программы">
          <ul className={styles.programs}>
            {request.programNames.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </Fact>
      )}
      <Fact term="Тренер">{request.coach?.trim() || 'Не указан'}</Fact>
      <Fact term="Взнос">
        {formatMoney(request.fee)}
        <span className={styles.payment} data-payment={request.payment_status}>
          {paymentStatusNames[request.payment_status]}
        </span>
      </Fact>
    </FactList>
  );
}

export interface RequestBodyProps {
  request: RequestView;
  /** The history's heading, one level below the card's. */
  historyAs: 'h4' | 'h5' | 'h6';
}

/** A request card's middle: its details beside its history (one under the other on a phone). */
export function RequestBody({ request, historyAs: HistoryTitle }: RequestBodyProps) {
  return (
    <div className={styles.body}>
      <RequestDetails request={request} />
      <div>
        <HistoryTitle className={styles.historyTitle}>История</HistoryTitle>
        <StatusTimeline request={request} />
      </div>
    </div>
  );
}
