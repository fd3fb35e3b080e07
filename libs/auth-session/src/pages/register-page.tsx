import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { publicConfig } from '@fed/api-client';
import { SubmitForm } from '@fed/ui-kit';
import { addAccountSchema, phoneValueSchema } from '@fed/validation';
import { useRegisterUserConfirmMutation, useRegisterUserMutation } from '../api/auth-api';
import { AgreementCheckbox } from '../components/agreement-checkbox';
import { AuthCard } from '../components/auth-card';
import { PhoneField } from '../components/phone-field';
import styles from '../components/auth-card.module.css';
import { emptyPerson, PersonFields } from '../components/person-fields';
import { agreementAccepted, phoneE164, useRegistration } from '../lib/use-registration';
import { FormFailure } from '../components/form-failure';
import { handedOverPhone } from '../lib/phone-hand-over';
import { useTakenPhone } from '../lib/use-taken-phone';

const registerFormSchema = z.object({
  phone: phoneValueSchema(),
  person: addAccountSchema,
  acceptUserAgreement: agreementAccepted,
  acceptSportsmanAgreement: agreementAccepted,
});
type RegisterForm = z.input<typeof registerFormSchema>;
type RegisterValues = z.output<typeof registerFormSchema>;

/** `/register`: a person registers as an athlete, accepts the agreements and confirms the phone by code. */
export function RegisterPage() {
  const [register] = useRegisterUserMutation();
  const [confirm] = useRegisterUserConfirmMutation();
  const offers = publicConfig().offerDocumentIds;
  const location = useLocation();
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'all',
    defaultValues: {
      // A number the sign-in found without a login comes along.
      phone: handedOverPhone(location.state) ?? { country: 'RU', digits: '' },
      person: emptyPerson,
      acceptUserAgreement: false,
      acceptSportsmanAgreement: false,
    },
  });
  const takenPhone = useTakenPhone(form.watch('phone'));
  const { requestCode, codeStep, failure } = useRegistration({
    form,
    send: register,
    confirm,
    onPhoneTaken: (phone) => {
      takenPhone.phoneTaken(phone);
      // The notice is under the phone, at the top of a long form: the keyboard and the eye go there.
      form.setFocus('phone');
    },
  });

  const save = form.handleSubmit((values) =>
    requestCode(values.phone, {
      phone: phoneE164(values.phone),
      person: values.person,
      acceptUserAgreement: true,
      acceptSportsmanAgreement: true,
    }),
  );

  if (codeStep) return codeStep;

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
        <PhoneField control={form.control} name="phone" />
        {takenPhone.notice}
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
        <FormFailure message={failure} />
      </SubmitForm>
    </AuthCard>
  );
}
