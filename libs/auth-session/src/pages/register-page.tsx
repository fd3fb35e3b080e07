import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { publicConfig } from '@fed/api-client';
import { authMessages, type RegisterUserRequest } from '@fed/contracts';
import { PhoneInput, SubmitForm, type PhoneValue } from '@fed/ui-kit';
import { addAccountSchema, phoneValueSchema, toE164 } from '@fed/validation';
import { useRegisterUserConfirmMutation, useRegisterUserMutation } from '../api/auth-api';
import { AgreementCheckbox } from '../components/agreement-checkbox';
import { AuthCard } from '../components/auth-card';
import styles from '../components/auth-card.module.css';
import { CodeStep } from '../components/code-step';
import { emptyPerson, PersonFields } from '../components/person-fields';
import { apiErrorOf, messageOf } from '../lib/api-errors';
import { finishSignIn } from '../model/session-actions';
import { useSessionDispatch } from '../model/session-dispatch';
import { storeSignIn } from '../model/sign-in';

const accepted = z.boolean().refine((value) => value, authMessages.agreementRequired);

const registerFormSchema = z.object({
  phone: phoneValueSchema(),
  person: addAccountSchema,
  acceptUserAgreement: accepted,
  acceptSportsmanAgreement: accepted,
});
type RegisterForm = z.input<typeof registerFormSchema>;
type RegisterValues = z.output<typeof registerFormSchema>;

/** `/register`: a person registers as an athlete, accepts the agreements and confirms the phone by code. */
export function RegisterPage() {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const [register] = useRegisterUserMutation();
  const [confirm] = useRegisterUserConfirmMutation();
  const [sent, setSent] = useState<{ phone: PhoneValue; body: RegisterUserRequest; resendAt: number } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const offers = publicConfig().offerDocumentIds;
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'all',
    defaultValues: {
      phone: { country: 'RU', digits: '' },
      person: emptyPerson,
      acceptUserAgreement: false,
      acceptSportsmanAgreement: false,
    },
  });
  const phoneE164 = (phone: PhoneValue) => toE164(phone.digits, phone.country) ?? '';

  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    const body: RegisterUserRequest = {
      phone: phoneE164(values.phone),
      person: values.person,
      acceptUserAgreement: true,
      acceptSportsmanAgreement: true,
    };
    const outcome = await register(body);
    if ('data' in outcome && outcome.data) {
      setSent({
        phone: values.phone,
        body,
        resendAt: Date.now() + outcome.data.data.resendAfterSeconds * 1000,
      });
      return;
    }
    // The form keeps every value; the server's field errors go under their fields.
    let shown = 0;
    for (const [field, messages] of Object.entries(apiErrorOf(outcome.error)?.fieldErrors ?? {})) {
      const message = messages[0];
      if (!message) continue;
      form.setError(field as keyof RegisterForm, { message });
      shown += 1;
    }
    if (shown === 0) setFailure(messageOf(outcome.error));
  });

  if (sent) {
    return (
      <CodeStep
        title="Подтверждение телефона"
        submitText="Зарегистрироваться"
        phone={sent.phone}
        resendAt={sent.resendAt}
        confirm={(code) => confirm({ phone: phoneE164(sent.phone), code })}
        resend={() => register(sent.body)}
        onResent={(resendAt) => setSent({ ...sent, resendAt })}
        onChangePhone={() => setSent(null)}
        onConfirmed={(tokens) => {
          storeSignIn(dispatch, tokens);
          void dispatch(finishSignIn())
            .unwrap()
            .then((target) => navigate(target, { replace: true }));
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Регистрация спортсмена"
      lead="Заполните данные спортсмена — мы пришлём код подтверждения на ваш телефон."
      footer={
        <>
          <span>
            Уже есть аккаунт? <Link to="/login">Войти</Link>
          </span>
          <Link to="/register-org">Регистрация организации</Link>
        </>
      }
    >
      <SubmitForm
        className={styles.form}
        onSubmit={save}
        isValid={form.formState.isValid}
        submitting={form.formState.isSubmitting}
        submitText="Получить код"
      >
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
        <PersonFields form={form} prefix="person" />
        <AgreementCheckbox
          documentName="пользовательское соглашение"
          documentId={offers.user}
          {...form.register('acceptUserAgreement')}
          error={form.formState.errors.acceptUserAgreement?.message}
        />
        <AgreementCheckbox
          documentName="соглашение спортсмена"
          documentId={offers.sportsman}
          {...form.register('acceptSportsmanAgreement')}
          error={form.formState.errors.acceptSportsmanAgreement?.message}
        />
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
      </SubmitForm>
    </AuthCard>
  );
}
