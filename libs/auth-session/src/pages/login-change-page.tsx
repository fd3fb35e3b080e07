import { useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { messageOf, showFieldErrors } from '@fed/api-client';
import { confirmationCodeSchema } from '@fed/contracts';
import { useClock, useZodForm } from '@fed/ui-kit';
import { phoneValueE164, phoneValueSchema } from '@fed/validation';
import { useChangePhoneConfirmMutation, useChangePhoneMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { PhoneField } from '../components/phone-field';
import { CodeActions, CodeInput, displayPhone } from '../components/code-step';
import { useCountdown } from '../lib/use-countdown';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { useSessionDispatch } from '../model/session-dispatch';
import { storeSignIn } from '../model/sign-in';
import { FormFailure } from '../components/form-failure';

const SAME_PHONE = 'Новый номер совпадает с прежним';

const phonesSchema = z
  .object({ oldPhone: phoneValueSchema(), newPhone: phoneValueSchema() })
  .refine((form) => phoneValueE164(form.oldPhone) !== phoneValueE164(form.newPhone), {
    message: SAME_PHONE,
    path: ['newPhone'],
  });
type Phones = z.output<typeof phonesSchema>;

const codesSchema = z.object({ oldCode: confirmationCodeSchema, newCode: confirmationCodeSchema });

interface Sent {
  phones: Phones;
  resendAt: number;
}

/**
 * `/login-change`: a person who lost (or is giving up) the login's phone moves the login to a new number.
 * Codes go to both numbers, so both must be in hand; then the login lives on the new number and is signed in.
 */
export function LoginChangePage() {
  const clock = useClock();
  const [sent, setSent] = useState<Sent | null>(null);
  const [change] = useChangePhoneMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(phonesSchema, {
    defaultValues: {
      oldPhone: { country: 'RU', digits: '' },
      newPhone: { country: 'RU', digits: '' },
    },
  });

  const requestCodes = async (phones: Phones) => {
    setFailure(null);
    const outcome = await change({
      oldPhone: phoneValueE164(phones.oldPhone),
      newPhone: phoneValueE164(phones.newPhone),
    });
    if ('data' in outcome && outcome.data) {
      setSent({ phones, resendAt: clock.now() + outcome.data.data.resendAfterSeconds * 1000 });
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
      <AuthForm
        form={form}
        onSubmit={form.handleSubmit(async (phones) => void (await requestCodes(phones)))}
        submitText="Получить коды"
      >
        <PhoneField control={form.control} name="oldPhone" label="Прежний номер" />
        <PhoneField control={form.control} name="newPhone" label="Новый номер" />
        <FormFailure message={failure} />
      </AuthForm>
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
  const finish = useFinishSignIn();
  const [confirm] = useChangePhoneConfirmMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const secondsLeft = useCountdown(sent.resendAt);
  const form = useZodForm(codesSchema, { defaultValues: { oldCode: '', newCode: '' } });
  const { oldPhone, newPhone } = sent.phones;

  const submit = form.handleSubmit(async (codes) => {
    setFailure(null);
    const outcome = await confirm({
      oldPhone: phoneValueE164(oldPhone),
      newPhone: phoneValueE164(newPhone),
      ...codes,
    });
    if ('data' in outcome && outcome.data) {
      storeSignIn(dispatch, outcome.data.data);
      await finish();
      return;
    }
    if (!showFieldErrors(form, outcome.error, ['oldCode', 'newCode'])) setFailure(messageOf(outcome.error));
  });

  return (
    <AuthCard title="Коды подтверждения" lead="Мы отправили коды на оба номера.">
      <AuthForm form={form} onSubmit={submit} submitText="Сменить номер">
        {(['oldCode', 'newCode'] as const).map((name, index) => (
          <CodeInput
            key={name}
            label={`Код с номера ${displayPhone(index === 0 ? oldPhone : newPhone)}`}
            {...form.register(name)}
            autoFocus={index === 0}
            error={form.formState.errors[name]?.message}
          />
        ))}
        <FormFailure message={failure} />
        <CodeActions
          backText="Изменить номера"
          onBack={onBack}
          secondsLeft={secondsLeft}
          resendText="Отправить коды"
          onResend={onResend}
        />
      </AuthForm>
    </AuthCard>
  );
}
