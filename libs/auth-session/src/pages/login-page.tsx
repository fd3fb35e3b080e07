import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { confirmationCodeSchema, type LinkedAccount } from '@fed/contracts';
import { Button, PhoneInput, TextInput, useToast, type PhoneValue } from '@fed/ui-kit';
import { formatPhone, PHONE_FORMATS, phoneValueSchema, toE164 } from '@fed/validation';
import {
  useLinkedAccountsQuery,
  useLoginUserConfirmMutation,
  useLoginUserMutation,
  useSwitchAccountMutation,
} from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import styles from '../components/auth-card.module.css';
import { apiErrorOf, messageOf } from '../lib/api-errors';
import { formatCountdown, useCountdown } from '../lib/use-countdown';
import { storeChosenAccount, storeSignIn, takeRedirect } from '../model/sign-in';
import { selectSession } from '../model/session-slice';

const phoneFormSchema = z.object({ phone: phoneValueSchema() });
type PhoneForm = z.infer<typeof phoneFormSchema>;
const codeFormSchema = z.object({ code: confirmationCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

type Step = { kind: 'phone' } | { kind: 'code'; phone: PhoneValue; resendAt: number } | { kind: 'account' };

/** '+7 (900) 123-45-67', kept on one line by non-breaking spaces. */
const displayPhone = ({ country, digits }: PhoneValue) =>
  `+${PHONE_FORMATS[country].dialCode} ${formatPhone(digits, country)}`.replace(/ /g, '\u00a0');

/** `/login`: phone → code from the SMS → (several athletes) which account → the remembered page or /profile. */
export function LoginPage() {
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [lastPhone, setLastPhone] = useState<PhoneValue>({ country: 'RU', digits: '' });
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const session = useSelector(selectSession);
  const finish = () => navigate(takeRedirect(dispatch, session), { replace: true });

  return (
    <>
      {step.kind === 'phone' && (
        <PhoneStep
          initial={lastPhone}
          onSent={(phone, resendAfterSeconds) => {
            setLastPhone(phone);
            setStep({ kind: 'code', phone, resendAt: Date.now() + resendAfterSeconds * 1000 });
          }}
        />
      )}
      {step.kind === 'code' && (
        <CodeStep
          phone={step.phone}
          resendAt={step.resendAt}
          onResent={(resendAt) => setStep({ ...step, resendAt })}
          onChangePhone={() => setStep({ kind: 'phone' })}
          onConfirmed={(mustChooseAccount) => (mustChooseAccount ? setStep({ kind: 'account' }) : finish())}
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
  const form = useForm<PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    mode: 'onChange',
    defaultValues: { phone: initial },
  });

  const submit = form.handleSubmit(async ({ phone }) => {
    setFailure(null);
    const result = await loginUser({ phone: toE164(phone.digits, phone.country) ?? '' });
    if ('data' in result && result.data) return onSent(phone, result.data.data.resendAfterSeconds);
    const fieldError = apiErrorOf(result.error)?.fieldErrors?.['phone']?.[0];
    if (fieldError) form.setError('phone', { message: fieldError });
    else setFailure(messageOf(result.error));
  });

  return (
    <AuthCard
      title="Вход"
      lead="Введите номер телефона — мы пришлём код подтверждения в SMS."
      footer={
        <>
          <span>
            Нет аккаунта? <Link to="/register">Зарегистрироваться</Link>
          </span>
          <Link to="/register-org">Регистрация организации</Link>
          <Link to="/login-change">Сменился номер телефона?</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <Controller
          control={form.control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneInput
              label="Телефон"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              required
            />
          )}
        />
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" fullWidth loading={isLoading} disabled={!form.formState.isValid}>
          Получить код
        </Button>
      </form>
    </AuthCard>
  );
}

interface CodeStepProps {
  phone: PhoneValue;
  resendAt: number;
  onResent: (resendAt: number) => void;
  onChangePhone: () => void;
  onConfirmed: (mustChooseAccount: boolean) => void;
}

function CodeStep({ phone, resendAt, onResent, onChangePhone, onConfirmed }: CodeStepProps) {
  const dispatch = useDispatch();
  const toast = useToast();
  const [confirm, { isLoading }] = useLoginUserConfirmMutation();
  const [resend, { isLoading: resending }] = useLoginUserMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const e164 = toE164(phone.digits, phone.country) ?? '';
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  const submit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    const result = await confirm({ phone: e164, code });
    if ('data' in result && result.data)
      return onConfirmed(storeSignIn(dispatch, result.data.data).mustChooseAccount);
    const fieldError = apiErrorOf(result.error)?.fieldErrors?.['code']?.[0];
    if (fieldError) form.setError('code', { message: fieldError });
    else setFailure(messageOf(result.error));
  });

  const resendCode = async () => {
    const result = await resend({ phone: e164 });
    if ('data' in result && result.data) {
      onResent(Date.now() + result.data.data.resendAfterSeconds * 1000);
      toast.info('Новый код отправлен');
    } else {
      setFailure(messageOf(result.error));
    }
  };

  const codeField = form.register('code', {
    onChange: (event: { target: { value: string } }) => {
      if (/^\d{6}$/.test(event.target.value.trim())) void submit();
    },
  });

  return (
    <AuthCard title="Код из SMS" lead={`Мы отправили код на номер ${displayPhone(phone)}.`}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextInput
          label="Код подтверждения"
          {...codeField}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          error={form.formState.errors.code?.message}
          required
        />
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" fullWidth loading={isLoading} disabled={!form.formState.isValid}>
          Войти
        </Button>
        <div className={styles.row}>
          <button type="button" className={styles.linkButton} onClick={onChangePhone}>
            Изменить номер
          </button>
          {secondsLeft > 0 ? (
            <span aria-live="polite">Отправить код повторно через {formatCountdown(secondsLeft)}</span>
          ) : (
            <button type="button" className={styles.linkButton} onClick={resendCode} disabled={resending}>
              Отправить код ещё раз
            </button>
          )}
        </div>
      </form>
    </AuthCard>
  );
}

function AccountStep({ onChosen }: { onChosen: () => void }) {
  const dispatch = useDispatch();
  const { data, isLoading, error } = useLinkedAccountsQuery();
  const [switchAccount, { isLoading: switching, originalArgs }] = useSwitchAccountMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (account: LinkedAccount) => {
    setFailure(null);
    const result = await switchAccount({ id: account.id });
    if ('data' in result && result.data) {
      storeChosenAccount(dispatch, result.data.data, account.id);
      onChosen();
    } else {
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
        {data?.data.map((account) => (
          <li key={account.id} className={styles.account}>
            <span className={styles.accountName}>{account.fio}</span>
            <Button
              size="sm"
              variant="secondary"
              loading={switching && originalArgs?.id === account.id}
              onClick={() => void choose(account)}
            >
              Выбрать
            </Button>
          </li>
        ))}
      </ul>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
    </AuthCard>
  );
}
