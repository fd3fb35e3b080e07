import type { RequestView } from '@fed/contracts';
import { formatDateTimeRu } from '../lib/format';
import { timelineSteps } from '../model/status-timeline';
import styles from './status-timeline.module.css';

/** The request's way from submission to where it stands, oldest first. */
export function StatusTimeline({ request }: { request: RequestView }) {
  return (
    <ol className={styles.timeline} aria-label="История заявки">
      {timelineSteps(request).map((step, index) => (
        <li
          key={`${index}-${step.at}`}
          className={styles.step}
          data-state={step.state}
          aria-current={step.current ? 'step' : undefined}
        >
          <span className={styles.marker} aria-hidden="true" />
          <div className={styles.text}>
            <span className={styles.title}>{step.title}</span>{' '}
            <time className={styles.time} dateTime={step.at}>
              {formatDateTimeRu(step.at)}
            </time>
            {step.reason && <p className={styles.reason}>Причина: {step.reason}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
