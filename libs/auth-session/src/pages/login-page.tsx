import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { LinkedAccount } from '@fed/contracts';
import { Button, type PhoneValue } from '@fed/ui-kit';
import { phoneValueSchema, toE164 } from '@fed/validation';
import {
  useLinkedAccountsQuery,
  useLoginUserConfirmMutation,
  useLoginUserMutation,
  useSwitchAccountMutation,
} from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { PhoneField } from '../components/phone-field';
import { CodeStep } from '../components/code-step';
import styles from '../components/auth-card.module.css';
import { messageOf, showFieldErrors } from '../lib/api-errors';
import { finishSignIn } from '../model/session-actions';
import { useSessionDispatch } from '../model/session-dispatch';
import { storeChosenAccount, storeSignIn } from '../model/sign-in';
import { FormFailure } from '../components/form-failure';

const phoneFormSchema = z.object({ phone: phoneValueSchema() });
type PhoneForm = z.infer<typeof phoneFormSchema>;

type Step = { kind: 'phone' } | { kind: 'code'; phone: PhoneValue; resendAt: number } | { kind: 'account' };

/** `/login`: phone → code from the SMS → (several athletes) which account → the remembered page or /profile. */
export function LoginPage() {
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [lastPhone, setLastPhone] = useState<PhoneValue>({ country: 'RU', digits: '' });
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const finish = async () => navigate(await dispatch(finishSignIn()).unwrap(), { replace: true });
  const [confirm] = useLoginUserConfirmMutation();
  const [resend] = useLoginUserMutation();

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
          title="Код из SMS"
          submitText="Войти"
          phone={step.phone}
          resendAt={step.resendAt}
          confirm={(code) => confirm({ phone: toE164(step.phone.digits, step.phone.country) ?? '', code })}
          resend={() => resend({ phone: toE164(step.phone.digits, step.phone.country) ?? '' })}
          onResent={(resendAt) => setStep({ ...step, resendAt })}
          onChangePhone={() => setStep({ kind: 'phone' })}
          onConfirmed={(tokens) =>
            storeSignIn(dispatch, tokens).mustChooseAccount ? setStep({ kind: 'account' }) : void finish()
          }
        />
      )}
      {step.kind === 'account' && <AccountStep onChosen={() => void finish()} />}
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
    if (!showFieldErrors(form, result.error, ['phone'])) setFailure(messageOf(result.error));
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
        <PhoneField control={form.control} name="phone" />
        <FormFailure message={failure} />
        <Button type="submit" fullWidth loading={isLoading} disabled={!form.formState.isValid}>
          Получить код
        </Button>
      </form>
    </AuthCard>
  );
}

function AccountStep({ onChosen }: { onChosen: () => void }) {
  const dispatch = useSessionDispatch();
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
      <FormFailure message={failure} />
    </AuthCard>
  );
}
