import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { apiErrorOf, messageOf, showFieldErrors } from '@fed/api-client';
import { authErrorCodes, type LinkedAccount } from '@fed/contracts';
import { Button, useClock, useZodForm, type PhoneValue } from '@fed/ui-kit';
import { phoneValueSchema, toE164 } from '@fed/validation';
import {
  useLinkedAccountsQuery,
  useLoginUserConfirmMutation,
  useLoginUserMutation,
  useSwitchAccountMutation,
} from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { PhoneField } from '../components/phone-field';
import { PhoneNotice } from '../components/phone-notice';
import { CodeStep } from '../components/code-step';
import styles from '../components/auth-card.module.css';
import { handedOverPhone, handOverPhone, samePhone } from '../lib/phone-hand-over';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { useSessionDispatch } from '../model/session-dispatch';
import { selectIsAuthenticated, selectSigningIn } from '../model/session-slice';
import { storeChosenAccount, storeSignIn } from '../model/sign-in';
import { FormFailure } from '../components/form-failure';

const phoneFormSchema = z.object({ phone: phoneValueSchema() });

type Step = { kind: 'phone' } | { kind: 'code'; phone: PhoneValue; resendAt: number } | { kind: 'account' };

const emptyPhone: PhoneValue = { country: 'RU', digits: '' };

/**
 * `/login`: phone → code from the SMS → (several athletes) which account → the remembered page or /profile.
 * A number without a login gets no code but the way to register with it. A reload while choosing the account
 * comes back to the choice.
 */
export function LoginPage() {
  const signingIn = useSelector(selectSigningIn);
  const authenticated = useSelector(selectIsAuthenticated);
  const location = useLocation();
  const clock = useClock();
  const [step, setStep] = useState<Step>(() =>
    signingIn && authenticated ? { kind: 'account' } : { kind: 'phone' },
  );
  const [lastPhone, setLastPhone] = useState<PhoneValue>(() => handedOverPhone(location.state) ?? emptyPhone);
  const dispatch = useSessionDispatch();
  const finish = useFinishSignIn();
  const [confirm] = useLoginUserConfirmMutation();
  const [resend] = useLoginUserMutation();

  return (
    <>
      {step.kind === 'phone' && (
        <PhoneStep
          initial={lastPhone}
          onSent={(phone, resendAfterSeconds) => {
            setLastPhone(phone);
            setStep({ kind: 'code', phone, resendAt: clock.now() + resendAfterSeconds * 1000 });
          }}
        />
      )}
      {step.kind === 'code' && (
        <CodeStep
          title="Код из SMS"
          submitText="Войти"
          phone={step.phone}
          resendAt={step.resendAt}
          confirm={(code) => confirm({ phone: toE164(step.phone.digits, step.phone.country) ?? '', code })}
          resend={() => resend({ phone: toE164(step.phone.digits, step.phone.country) ?? '' })}
          onResent={(resendAt) => setStep({ ...step, resendAt })}
          onChangePhone={() => setStep({ kind: 'phone' })}
          onConfirmed={(tokens) =>
            storeSignIn(dispatch, tokens).mustChooseAccount ? setStep({ kind: 'account' }) : finish()
          }
        />
      )}
      {step.kind === 'account' && <AccountStep onChosen={finish} />}
    </>
  );
}

function PhoneStep({
  initial,
  onSent,
}: {
  initial: PhoneValue;
  onSent: (phone: PhoneValue, resendAfter: number) => void;
}) {
  const [loginUser, { isLoading }] = useLoginUserMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [unregistered, setUnregistered] = useState<{ phone: PhoneValue; message: string } | null>(null);
  const form = useZodForm(phoneFormSchema, { defaultValues: { phone: initial } });
  const phone = form.watch('phone');
  // The notice speaks of the number it was given for; another number is a new question.
  const notice = unregistered && samePhone(unregistered.phone, phone) ? unregistered.message : null;
  const carried = form.formState.isValid ? handOverPhone(phone) : undefined;

  useEffect(() => form.setFocus('phone'), [form]);

  const submit = form.handleSubmit(async ({ phone }) => {
    setFailure(null);
    setUnregistered(null);
    const result = await loginUser({ phone: toE164(phone.digits, phone.country) ?? '' });
    if ('data' in result && result.data) return onSent(phone, result.data.data.resendAfterSeconds);
    if (apiErrorOf(result.error)?.code === authErrorCodes.phoneNotRegistered) {
      return setUnregistered({ phone, message: messageOf(result.error) });
    }
    if (!showFieldErrors(form, result.error, ['phone'])) setFailure(messageOf(result.error));
  });

  return (
    <AuthCard
      title="Вход"
      lead="Введите номер телефона — мы пришлём код подтверждения в SMS."
      footer={
        <>
          <span>
            Нет аккаунта?{' '}
            <Link to="/register" state={carried}>
              Зарегистрироваться
            </Link>
          </span>
          <Link to="/register-org" state={carried}>
            Регистрация организации
          </Link>
          <Link to="/login-change">Сменился номер телефона?</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <PhoneField control={form.control} name="phone" />
        <PhoneNotice title={notice} text="Зарегистрируйтесь — номер уже будет в анкете.">
          <Link to="/register" state={carried} className={styles.actionLink}>
            Зарегистрироваться
          </Link>
          <Link to="/register-org" state={carried}>
            Зарегистрировать организацию
          </Link>
        </PhoneNotice>
        <FormFailure message={failure} />
        <Button type="submit" fullWidth loading={isLoading} disabled={!form.formState.isValid}>
          Получить код
        </Button>
      </form>
    </AuthCard>
  );
}

function AccountStep({ onChosen }: { onChosen: () => Promise<void> }) {
  const dispatch = useSessionDispatch();
  const { data, isLoading, error } = useLinkedAccountsQuery();
  const [switchAccount] = useSwitchAccountMutation();
  // The account being chosen: its button spins from the switch until the next page is there.
  const [choosing, setChoosing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const accounts = data?.data;

  // The choice is the only thing to do here: the keyboard starts on the first account.
  useEffect(() => {
    if (accounts?.length) firstChoice.current?.focus();
  }, [accounts]);

  const choose = async (account: LinkedAccount) => {
    setFailure(null);
    setChoosing(account.id);
    const result = await switchAccount({ id: account.id });
    if ('data' in result && result.data) {
      storeChosenAccount(dispatch, result.data.data, account.id);
      await onChosen().finally(() => setChoosing(null));
    } else {
      setChoosing(null);
      setFailure(messageOf(result.error));
    }
  };

  return (
    <AuthCard
      title="Выберите аккаунт"
      lead="К этому номеру привязано несколько спортсменов. От чьего имени войти?"
    >
      {isLoading && <p role="status">Загружаем аккаунты…</p>}
      {error && <p className={styles.error}>{messageOf(error)}</p>}
      <ul className={styles.accounts}>
        {accounts?.map((account, index) => (
          <li key={account.id} className={styles.account}>
            <span className={styles.accountName} id={`account-${account.id}`}>
              {account.fio}
            </span>
            <Button
              ref={index === 0 ? firstChoice : undefined}
              size="sm"
              variant="secondary"
              aria-describedby={`account-${account.id}`}
              loading={choosing === account.id}
              disabled={choosing !== null}
              onClick={() => void choose(account)}
            >
              Выбрать
            </Button>
          </li>
        ))}
      </ul>
      <FormFailure message={failure} />
    </AuthCard>
  );
}
