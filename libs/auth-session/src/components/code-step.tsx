import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useRef, useState, type ComponentProps } from 'react';
import { apiErrorOf, messageOf } from '@fed/api-client';
import { authErrorCodes, confirmationCodeError, type CodeSentResponse, type TokenPair } from '@fed/contracts';
import { Button, TextInput, useCheckedField, useClock, useToastIfShown, type PhoneValue } from '@fed/ui-kit';
import { formatPhone, PHONE_FORMATS } from '@fed/validation';
import { formatCountdown, useCountdown } from '../lib/use-countdown';
import { AuthCard } from './auth-card';
import styles from './auth-card.module.css';
import { FormFailure } from './form-failure';

/** What an RTK Query mutation trigger resolves to. */
export type MutationOutcome<T> = { data: T } | { error: FetchBaseQueryError | SerializedError };

/**
 * Refusals of the code itself: their message says more than the field error (how many tries are left, that a
 * new code is needed), so it is the line under the field.
 */
const CODE_REFUSALS: ReadonlySet<string> = new Set([
  authErrorCodes.codeInvalid,
  authErrorCodes.codeExpired,
  authErrorCodes.codeAttemptsExceeded,
]);

/** '+7 (900) 123-45-67', kept on one line by non-breaking spaces. */
export const displayPhone = ({ country, digits }: PhoneValue) =>
  `+${PHONE_FORMATS[country].dialCode} ${formatPhone(digits, country)}`.replace(/ /g, '\u00a0');

export interface CodeStepProps {
  title: string;
  /** The confirm button: 'Войти', 'Зарегистрироваться'. */
  submitText: string;
  phone: PhoneValue;
  /** When a new code may be asked for (a timestamp). */
  resendAt: number;
  confirm: (code: string) => Promise<MutationOutcome<{ data: TokenPair }>>;
  resend: () => Promise<MutationOutcome<CodeSentResponse>>;
  onResent: (resendAt: number) => void;
  onChangePhone: () => void;
  /** The code is right: the button keeps spinning while what follows (loading the user) runs. */
  onConfirmed: (tokens: TokenPair) => void | Promise<void>;
}

/** A box for a code from an SMS: digits, offered by the phone's keyboard from the message, six at most. */
export function CodeInput(props: Omit<ComponentProps<typeof TextInput>, 'inputMode' | 'autoComplete'>) {
  return <TextInput {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />;
}

export interface CodeActionsProps {
  /** Back to the number(s): 'Изменить номер'. */
  backText: string;
  onBack: () => void;
  /** Seconds until a new code may be asked for. */
  secondsLeft: number;
  /** 'Отправить код' or 'Отправить коды': the countdown and the button say it. */
  resendText: string;
  onResend: () => unknown;
  resending?: boolean;
}

/** Under a code: the way back to the number, and a new code once the countdown is over. */
export function CodeActions({
  backText,
  onBack,
  secondsLeft,
  resendText,
  onResend,
  resending,
}: CodeActionsProps) {
  return (
    <div className={styles.row}>
      <button type="button" className={styles.linkButton} onClick={onBack}>
        {backText}
      </button>
      {secondsLeft > 0 ? (
        <span aria-live="polite">
          {resendText} повторно через {formatCountdown(secondsLeft)}
        </span>
      ) : (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void onResend()}
          disabled={resending}
        >
          {resendText} ещё раз
        </button>
      )}
    </div>
  );
}

/** The code from the SMS: `autocomplete="one-time-code"`, sent as soon as six digits are in, resend countdown. */
export function CodeStep({
  title,
  submitText,
  phone,
  resendAt,
  confirm,
  resend,
  onResent,
  onChangePhone,
  onConfirmed,
}: CodeStepProps) {
  // Without the app's toasts (the sign-in's island) the countdown, a live region, starting again says it.
  const toast = useToastIfShown();
  const clock = useClock();
  const [confirming, setConfirming] = useState(false);
  const [resending, setResending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const [code, setCode] = useState('');
  const field = useCheckedField(code, confirmationCodeError);
  const codeInput = useRef<HTMLInputElement>(null);
  // A code is sent once: Enter pressed again, or the last digit typed while a press is out, waits for its answer.
  const sending = useRef(false);

  const send = async (typed: string) => {
    if (!field.checkNow(typed) || sending.current) return;
    sending.current = true;
    setFailure(null);
    setConfirming(true);
    const outcome = await confirm(typed.trim());
    if ('data' in outcome) {
      // The page moves on when done; a failure to (a refused start-up) leaves the step usable again.
      await Promise.resolve(onConfirmed(outcome.data.data)).finally(() => {
        sending.current = false;
        setConfirming(false);
      });
      return;
    }
    sending.current = false;
    setConfirming(false);
    const refusal = apiErrorOf(outcome.error);
    const fieldError = refusal?.fieldErrors?.['code']?.[0];
    if (refusal && CODE_REFUSALS.has(refusal.code)) field.showError(refusal.message);
    else if (fieldError) field.showError(fieldError);
    else setFailure(messageOf(outcome.error));
    // The next try starts over: the wrong code is selected, so typing replaces it.
    codeInput.current?.focus();
    codeInput.current?.select();
  };

  const resendCode = async () => {
    setResending(true);
    const outcome = await resend();
    setResending(false);
    if ('data' in outcome) {
      onResent(clock.now() + outcome.data.data.resendAfterSeconds * 1000);
      toast?.info('Новый код отправлен');
    } else {
      setFailure(messageOf(outcome.error));
    }
  };

  return (
    <AuthCard title={title} lead={`Мы отправили код на номер ${displayPhone(phone)}.`}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void send(code);
        }}
        noValidate
      >
        <CodeInput
          label="Код подтверждения"
          name="code"
          ref={codeInput}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            // Six digits are the whole code (the phone's keyboard may offer it from the SMS): sent at once.
            if (confirmationCodeError(event.target.value) === null) void send(event.target.value);
          }}
          onBlur={field.onBlur}
          autoFocus
          error={field.error}
        />
        <FormFailure message={failure} />
        <Button type="submit" fullWidth loading={confirming} disabled={!field.valid}>
          {submitText}
        </Button>
        <CodeActions
          backText="Изменить номер"
          onBack={onChangePhone}
          secondsLeft={secondsLeft}
          resendText="Отправить код"
          onResend={resendCode}
          resending={resending}
        />
      </form>
    </AuthCard>
  );
}
