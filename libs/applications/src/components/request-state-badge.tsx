import { requestStateNames, type RequestState } from '@fed/contracts';
import styles from './request-state-badge.module.css';

/** The request's state as a coloured label. */
export function RequestStateBadge({ state }: { state: RequestState }) {
  return (
    <span className={styles.badge} data-state={state}>
      {requestStateNames[state]}
    </span>
  );
}
