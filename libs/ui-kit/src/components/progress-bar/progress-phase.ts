/** What the portal tells the bar: nothing happening, a load under way, the load done or failed. */
export type ProgressState = 'idle' | 'loading' | 'finished' | 'error';

/**
 * Where the bar is: `pending` waits out the throttle (a fast load never shows), `running` trickles
 * toward ~90 %, `done` is full, `fading` fades out, `hidden` is reset to zero.
 */
export type ProgressPhase = 'hidden' | 'pending' | 'running' | 'done' | 'fading';

/** Spec §9 figures, in ms and px. */
export const progressBarTimings = {
  duration: 2000,
  throttle: 200,
  hideDelay: 500,
  resetDelay: 400,
  height: 3,
} as const;

/** The phase after the portal reports `state` while the bar is in `phase`. */
export function phaseOnState(phase: ProgressPhase, state: ProgressState): ProgressPhase {
  if (state === 'loading') return phase === 'pending' || phase === 'running' ? phase : 'pending';
  if (state === 'error') return 'done';
  if (phase === 'running') return 'done';
  if (phase === 'pending') return 'hidden';
  return phase;
}

/** The phase a timer moves `phase` on to, with the delay; none for phases that wait for the portal. */
export function timedStep(phase: ProgressPhase): { next: ProgressPhase; after: number } | undefined {
  switch (phase) {
    case 'pending':
      return { next: 'running', after: progressBarTimings.throttle };
    case 'done':
      return { next: 'fading', after: progressBarTimings.hideDelay };
    case 'fading':
      return { next: 'hidden', after: progressBarTimings.resetDelay };
    default:
      return undefined;
  }
}
