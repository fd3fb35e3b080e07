import { useEffect, useState, type CSSProperties } from 'react';
import { phaseOnState, progressBarTimings, timedStep, type ProgressState } from './progress-phase';
import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /**
   * Drive it from route loading: `loading` while a page loads, then `finished` (or `idle`, the same
   * here) or `error`. The bar throttles, trickles, completes, fades and resets on its own.
   */
  state: ProgressState;
  /** Accessible name. */
  label?: string;
}

const cssTimings = {
  '--progress-duration': `${progressBarTimings.duration}ms`,
  '--progress-reset': `${progressBarTimings.resetDelay}ms`,
  '--progress-height': `${progressBarTimings.height}px`,
} as CSSProperties;

/** The thin bar at the top of the page during page loads (spec §2, §4, §9); red after an error. */
export function ProgressBar({ state, label = 'Загрузка страницы' }: ProgressBarProps) {
  const [phase, setPhase] = useState(() => phaseOnState('hidden', state));
  const [failed, setFailed] = useState(state === 'error');
  const [seenState, setSeenState] = useState(state);

  // Follows the prop during render rather than in an effect, so no frame shows the stale phase.
  if (seenState !== state) {
    setSeenState(state);
    setPhase(phaseOnState(phase, state));
    if (state === 'error') setFailed(true);
    if (state === 'loading') setFailed(false);
  }

  useEffect(() => {
    const step = timedStep(phase);
    if (!step) return;
    const timer = setTimeout(() => setPhase(step.next), step.after);
    return () => clearTimeout(timer);
  }, [phase]);

  const visible = phase === 'running' || phase === 'done';
  return (
    <div
      className={styles.track}
      style={cssTimings}
      data-phase={phase}
      data-failed={failed || undefined}
      role="progressbar"
      aria-label={label}
      aria-valuetext={failed ? 'Ошибка загрузки' : undefined}
      aria-hidden={!visible}
    >
      <div className={styles.bar} />
    </div>
  );
}
