import type { RequestView } from '@fed/contracts';
import { formatMoney } from '../lib/format';
import { paymentStatusNames } from '../model/request-labels';
import styles from './request-card.module.css';

/** Programs, coach, fee and payment of a request, as term and value pairs. */
export function RequestDetails({ request }: { request: RequestView }) {
  return (
    <dl className={styles.details}>
      {request.programNames.length > 0 && (
        <div className={styles.detail}>
          <dt>Программы</dt>
          <dd>
            <ul className={styles.programs}>
              {request.programNames.map((name, index) => (
                <li key={`${index}-${name}`}>{name}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      <div className={styles.detail}>
        <dt>Тренер</dt>
        <dd>{request.coach?.trim() || 'Не указан'}</dd>
      </div>
      <div className={styles.detail}>
        <dt>Взнос</dt>
        <dd>
          {formatMoney(request.fee)}
          <span className={styles.payment} data-payment={request.payment_status}>
            {paymentStatusNames[request.payment_status]}
          </span>
        </dd>
      </div>
    </dl>
  );
}
