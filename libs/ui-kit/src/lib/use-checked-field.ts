import { useCallback, useEffect, useRef, useState } from 'react';
import { VALIDATION_DEBOUNCE_MS } from '@fed/validation';

/** A field's rule: the message of what is wrong with `value`, or `null`. */
export type FieldCheck<Value> = (value: Value) => string | null;

export interface CheckedField<Value> {
  /** Whether the value passes now: the submit knows it silently, at every change. */
  valid: boolean;
  /** The message shown under the field: set by a blur's check, a submit's, or by `showError`. */
  error: string | undefined;
  /** The field was left: it is checked `VALIDATION_DEBOUNCE_MS` later, with the value it then has. */
  onBlur: () => void;
  /**
   * The submit's check: runs at once (a blur's check still waiting is dropped, so that it cannot wipe a message
   * the server sets afterwards) and tells whether the value may be sent. Given a value, checks that one: a change
   * that sends the form at once (the code's last digit) has it before the field renders it.
   */
  checkNow: (value?: Value) => boolean;
  /** A message from elsewhere (the server's), shown until the next check. */
  showError: (message: string | undefined) => void;
}

/**
 * One field's checks outside a `useZodForm` form, with the forms' timing (spec §5): checked when left and when
 * sent, the message kept while the fix is typed. For a form of one field whose script must stay small (the
 * sign-in's island, which loads neither react-hook-form nor zod).
 */
export function useCheckedField<Value>(value: Value, check: FieldCheck<Value>): CheckedField<Value> {
  const [error, setError] = useState<string | undefined>(undefined);
  const latest = useRef({ value, check });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = { value, check };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const onBlur = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setError(latest.current.check(latest.current.value) ?? undefined);
    }, VALIDATION_DEBOUNCE_MS);
  }, []);

  const checkNow = useCallback((value: Value = latest.current.value) => {
    clearTimeout(timer.current);
    const message = latest.current.check(value);
    setError(message ?? undefined);
    return message === null;
  }, []);

  return { valid: check(value) === null, error, onBlur, checkNow, showError: setError };
}
