import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { messageOf, showFieldErrors } from '@fed/api-client';
import { confirmationCodeSchema } from '@fed/contracts';
import { SubmitForm, TextInput } from '@fed/ui-kit';
import { phoneValueSchema } from '@fed/validation';
import { useChangePhoneConfirmMutation, useChangePhoneMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { PhoneField } from '../components/phone-field';
import styles from '../components/auth-card.module.css';
import { displayPhone } from '../components/code-step';
import { formatCountdown, useCountdown } from '../lib/use-countdown';
import { phoneE164 } from '../lib/use-registration';
import { finishSignIn } from '../model/session-actions';
import { useSessionDispatch } from '../model/session-dispatch';
import { storeSignIn } from '../model/sign-in';
import { FormFailure } from '../components/form-failure';

const SAME_PHONE = 'Новый номер совпадает с прежним';

const phonesSchema = z
  .object({ oldPhone: phoneValueSchema(), newPhone: phoneValueSchema() })
  .refine((form) => phoneE164(form.oldPhone) !== phoneE164(form.newPhone), {
    message: SAME_PHONE,
    path: ['newPhone'],
  });
type PhonesForm = z.input<typeof phonesSchema>;
type Phones = z.output<typeof phonesSchema>;

const codesSchema = z.object({ oldCode: confirmationCodeSchema, newCode: confirmationCodeSchema });
type CodesForm = z.input<typeof codesSchema>;

interface Sent {
  phones: Phones;
  resendAt: number;
}

/**
 * `/login-change`: a person who lost (or is giving up) the login's phone moves the login to a new number.
 * Codes go to both numbers, so both must be in hand; then the login lives on the new number and is signed in.
 */
export function LoginChangePage() {
  const [sent, setSent] = useState<Sent | null>(null);
  const [change] = useChangePhoneMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PhonesForm, unknown, Phones>({
    resolver: zodResolver(phonesSchema),
    mode: 'all',
    defaultValues: {
      oldPhone: { country: 'RU', digits: '' },
      newPhone: { country: 'RU', digits: '' },
    },
  });

  const requestCodes = async (phones: Phones) => {
    setFailure(null);
    const outcome = await change({
      oldPhone: phoneE164(phones.oldPhone),
      newPhone: phoneE164(phones.newPhone),
    });
    if ('data' in outcome && outcome.data) {
      setSent({ phones, resendAt: Date.now() + outcome.data.data.resendAfterSeconds * 1000 });
      return true;
    }
    if (!showFieldErrors(form, outcome.error, ['oldPhone', 'newPhone'])) setFailure(messageOf(outcome.error));
    return false;
  };

  if (sent) {
    return (
      <CodesStep
        sent={sent}
        onResend={() => requestCodes(sent.phones)}
        // The phones form stays mounted behind this step, so going back finds both numbers as typed.
        onBack={() => setSent(null)}
      />
    );
  }

  return (
    <AuthCard
      title="Смена номера телефона"
      lead="Вход в кабинет привязан к номеру телефона. Укажите прежний и новый номера — на каждый придёт код."
      footer={
        <span>
          Номер прежний? <Link to="/login">Войти</Link>
        </span>
      }
    >
      <SubmitForm
        className={styles.form}
        onSubmit={form.handleSubmit(async (phones) => void (await requestCodes(phones)))}
        isValid={form.formState.isValid}
        submitting={form.formState.isSubmitting}
        submitText="Получить коды"
      >
        <PhoneField control={form.control} name="oldPhone" label="Прежний номер" />
        <PhoneField control={form.control} name="newPhone" label="Новый номер" />
        <FormFailure message={failure} />
      </SubmitForm>
    </AuthCard>
  );
}

interface CodesStepProps {
  sent: Sent;
  onResend: () => Promise<boolean>;
  onBack: () => void;
}

function CodesStep({ sent, onResend, onBack }: CodesStepProps) {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const [confirm] = useChangePhoneConfirmMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const secondsLeft = useCountdown(sent.resendAt);
  const form = useForm<CodesForm>({
    resolver: zodResolver(codesSchema),
    mode: 'onChange',
    defaultValues: { oldCode: '', newCode: '' },
  });
  const { oldPhone, newPhone } = sent.phones;

  const submit = form.handleSubmit(async (codes) => {
    setFailure(null);
    const outcome = await confirm({ oldPhone: phoneE164(oldPhone), newPhone: phoneE164(newPhone), ...codes });
    if ('data' in outcome && outcome.data) {
      storeSignIn(dispatch, outcome.data.data);
      const target = await dispatch(finishSignIn()).unwrap();
      await navigate(target, { replace: true });
      return;
    }
    if (!showFieldErrors(form, outcome.error, ['oldCode', 'newCode'])) setFailure(messageOf(outcome.error));
  });

  return (
    <AuthCard title="Коды подтверждения" lead="Мы отправили коды на оба номера.">
      <SubmitForm
        className={styles.form}
        onSubmit={submit}
        isValid={form.formState.isValid}
        submitting={form.formState.isSubmitting}
        submitText="Сменить номер"
      >
        <TextInput
          label={`Код с номера ${displayPhone(oldPhone)}`}
          {...form.register('oldCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          error={form.formState.errors.oldCode?.message}
          required
        />
        <TextInput
          label={`Код с номера ${displayPhone(newPhone)}`}
          {...form.register('newCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.formState.errors.newCode?.message}
          required
        />
        <FormFailure message={failure} />
        <div className={styles.row}>
          <button type="button" className={styles.linkButton} onClick={onBack}>
            Изменить номера
          </button>
          {secondsLeft > 0 ? (
            <span aria-live="polite">Отправить коды повторно через {formatCountdown(secondsLeft)}</span>
          ) : (
            <button type="button" className={styles.linkButton} onClick={() => void onResend()}>
              Отправить коды ещё раз
            </button>
          )}
        </div>
      </SubmitForm>
    </AuthCard>
  );
}
