import { Link } from 'react-router-dom';
import { refusalFix, type EligibilityReason } from '@fed/contracts';
import styles from './refusal-reasons.module.css';

export interface RefusalReasonsProps {
  reasons: readonly EligibilityReason[];
  /** Whose refusal it is: the fix of a membership is that athlete's. */
  athleteId: string;
  /** The event refused: a fix made elsewhere leads back to it. */
  competitionId?: string;
}

/** Why an application cannot go ahead; a reason that names a fix links to where the fix is made. */
export function RefusalReasons({ reasons, athleteId, competitionId }: RefusalReasonsProps) {
  return (
    <ul className={styles.reasons}>
      {reasons.map((reason, index) => {
        const fix = refusalFix(reason, athleteId, competitionId);
        return (
          <li key={`${reason.code}-${index}`}>
            {reason.message}
            {fix && (
              <>
                {' '}
                <Link to={fix.to} className={styles.fix}>
                  {fix.text}
                </Link>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
