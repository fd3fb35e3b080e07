import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { apiErrorOf, messageOf, sendAsGuest } from '@fed/api-client';
import { authErrorCodes, authPath, type CodeSentResponse, type TokenPair } from '@fed/contracts';
import { Button, PageLink, PhoneInput, useCheckedField, useClock, type PhoneValue } from '@fed/ui-kit';
import { phoneValueE164, phoneValueError } from '@fed/validation';
import { forgetHandedOverPhone, handedOverPhone, handOverPhone, samePhone } from '../lib/phone-hand-over';
import { rememberWhereFrom, type RouteOfTable } from '../lib/return-after-sign-in';
import { storeSignInForPageLoad } from '../model/page-load-sign-in';
import { AuthCard } from './auth-card';
import styles from './auth-card.module.css';
import { CodeStep } from './code-step';
import { FormFailure } from './form-failure';
import { PhoneNotice } from './phone-notice';

/**
 * What a confirmed sign-in does next. In the app: the tokens go to its store, then the account choice or the
 * remembered page, within the app. Without it (the island of a guest's page, the default): the tokens are stored
 * where the app reads them at start-up, and the next page is loaded.
 */
export interface SignInWiring {
  onConfirmed: (tokens: TokenPair) => void | Promise<void>;
}

export const SignInWiringContext = createContext<SignInWiring | null>(null);

const signInByPageLoad: SignInWiring = {
  onConfirmed: (tokens) => {
    location.replace(storeSignInForPageLoad(tokens).next);
    // The button spins until the next page is there.
    return new Promise<void>(() => undefined);
  },
};

type Step = { kind: 'phone' } | { kind: 'code'; phone: PhoneValue; resendAt: number };

const EMPTY_PHONE: PhoneValue = { country: 'RU', digits: '' };

export interface SignInProps {
  /**
   * On a guest's page: the routes that decide where the guest returns after signing in (the server renders them
   * in). The island remembers from the referrer by them, as the app's router does on its pages.
   */
  returnRoutes?: RouteOfTable[];
}

/**
 * `/login`'s phone and code (spec §4): phone → code from the SMS → on (`SignInWiring`). A number without a login
 * gets no code but the ways to register with it. No router, store, react-hook-form or zod: on a guest's page this
 * is an island, hydrated on its own, and the app renders the same (with its wiring) where it shows the page.
 */
export function SignIn({ returnRoutes }: SignInProps) {
  const appWiring = useContext(SignInWiringContext);
  const wiring = appWiring ?? signInByPageLoad;
  const clock = useClock();
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [lastPhone, setLastPhone] = useState<PhoneValue>(EMPTY_PHONE);

  useEffect(() => {
    if (!appWiring && returnRoutes) rememberWhereFrom(returnRoutes, window.location);
  }, [appWiring, returnRoutes]);

  return step.kind === 'phone' ? (
    <PhoneStep
      initial={lastPhone}
      onSent={(phone, resendAfterSeconds) => {
        setLastPhone(phone);
        setStep({ kind: 'code', phone, resendAt: clock.now() + resendAfterSeconds * 1000 });
      }}
    />
  ) : (
    <CodeStep
      title="Код из SMS"
      submitText="Войти"
      phone={step.phone}
      resendAt={step.resendAt}
      confirm={(code) =>
        sendAsGuest<{ data: TokenPair }>(authPath('LoginUserConfirm'), {
          phone: phoneValueE164(step.phone),
          code,
        })
      }
      resend={() =>
        sendAsGuest<CodeSentResponse>(authPath('LoginUser'), { phone: phoneValueE164(step.phone) })
      }
      onResent={(resendAt) => setStep({ ...step, resendAt })}
      onChangePhone={() => setStep({ kind: 'phone' })}
      onConfirmed={wiring.onConfirmed}
    />
  );
}

function PhoneStep({
  initial,
  onSent,
}: {
  initial: PhoneValue;
  onSent: (phone: PhoneValue, resendAfterSeconds: number) => void;
}) {
  const [phone, setPhone] = useState(initial);
  const field = useCheckedField(phone, phoneValueError);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [unregistered, setUnregistered] = useState<{ phone: PhoneValue; message: string } | null>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  // The notice speaks of the number it was given for; another number is a new question.
  const notice = unregistered && samePhone(unregistered.phone, phone) ? unregistered.message : null;
  // A link to a registration carries a whole number along.
  const carry = () => {
    if (field.valid) handOverPhone(phone);
  };

  useEffect(() => {
    // After hydration, not in the first render: the server's page had no number, and the first render must match.
    const handed = handedOverPhone();
    forgetHandedOverPhone();
    if (handed) setPhone(handed);
    phoneInput.current?.focus();
  }, []);

  const submit = async () => {
    if (!field.checkNow() || inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    setUnregistered(null);
    setSending(true);
    const sent = phone;
    const outcome = await sendAsGuest<CodeSentResponse>(authPath('LoginUser'), {
      phone: phoneValueE164(sent),
    });
    inFlight.current = false;
    setSending(false);
    if ('data' in outcome) return onSent(sent, outcome.data.data.resendAfterSeconds);
    const refusal = apiErrorOf(outcome.error);
    if (refusal?.code === authErrorCodes.phoneNotRegistered) {
      return setUnregistered({ phone: sent, message: messageOf(outcome.error) });
    }
    const fieldError = refusal?.fieldErrors?.['phone']?.[0];
    if (fieldError) field.showError(fieldError);
    else setFailure(messageOf(outcome.error));
  };

  return (
    <AuthCard
      title="Вход"
      lead="Введите номер телефона — мы пришлём код подтверждения в SMS."
      footer={
        <>
          <span>
            Нет аккаунта?{' '}
            <PageLink to="/register" onClick={carry}>
              Зарегистрироваться
            </PageLink>
          </span>
          <PageLink to="/register-org" onClick={carry}>
            Регистрация организации
          </PageLink>
          <PageLink to="/login-change">Сменился номер телефона?</PageLink>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <PhoneInput
          label="Телефон"
          name="phone"
          ref={phoneInput}
          value={phone}
          onChange={setPhone}
          onBlur={field.onBlur}
          error={field.error}
          required
        />
        <PhoneNotice title={notice} text="Зарегистрируйтесь — номер уже будет в анкете.">
          <PageLink to="/register" onClick={carry} className={styles.actionLink}>
            Зарегистрироваться
          </PageLink>
          <PageLink to="/register-org" onClick={carry}>
            Зарегистрировать организацию
          </PageLink>
        </PhoneNotice>
        <FormFailure message={failure} />
        <Button type="submit" fullWidth loading={sending} disabled={!field.valid}>
          Получить код
        </Button>
      </form>
    </AuthCard>
  );
}
