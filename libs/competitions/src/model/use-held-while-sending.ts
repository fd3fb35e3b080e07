import { useState } from 'react';

/** How a form tells its page that it is being sent: `hold` as it is sent, `release` when it is refused. */
export interface SendingHold {
  hold: () => void;
  release: () => void;
}

/**
 * `current` as it was when the form was sent, from then until the page is left or the send is refused. Sending
 * refetches what the page is drawn from while the page it leads to is still loading: drawn anew from that, the
 * page would change under the athlete's eyes (and move what is below it) just before it goes.
 */
export function useHeldWhileSending<T>(current: T): [T, SendingHold] {
  const [held, setHeld] = useState<{ value: T } | null>(null);
  return [
    held ? held.value : current,
    { hold: () => setHeld({ value: current }), release: () => setHeld(null) },
  ];
}
