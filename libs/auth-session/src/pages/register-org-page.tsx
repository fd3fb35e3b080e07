import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { publicConfig, suggestCities, suggestParties } from '@fed/api-client';
import { authOrganizationSchema, type PartySuggestion } from '@fed/contracts';
import { AddressInput, SubmitForm, TextInput } from '@fed/ui-kit';
import { cityFieldSchema, phoneValueSchema } from '@fed/validation';
import { useRegisterOrganizationMutation, useRegisterUserConfirmMutation } from '../api/auth-api';
import { AgreementCheckbox } from '../components/agreement-checkbox';
import { AuthCard } from '../components/auth-card';
import { PhoneField } from '../components/phone-field';
import styles from '../components/auth-card.module.css';
import { agreementAccepted, phoneE164, useRegistration } from '../lib/use-registration';
import { FormFailure } from '../components/form-failure';
import { handedOverPhone } from '../lib/phone-hand-over';
import { useTakenPhone } from '../lib/use-taken-phone';

const registerOrgFormSchema = z.object({
  phone: phoneValueSchema(),
  /** Only a helper that fills name and INN; the fields themselves are what is sent. */
  party: z.custom<PartySuggestion | null>(),
  organization: authOrganizationSchema.extend({ city: cityFieldSchema }),
  acceptUserAgreement: agreementAccepted,
  acceptOrganizationAgreement: agreementAccepted,
});
type RegisterOrgForm = z.input<typeof registerOrgFormSchema>;
type RegisterOrgValues = z.output<typeof registerOrgFormSchema>;

/** A company's short name without the legal form's quotes noise: 'ООО «Синкэн»' stays as DaData gives it. */
const partyName = (party: PartySuggestion) => party.value;

/**
 * `/register-org`: an organization (club) registers. Typing its name or INN suggests companies from the
 * state register; choosing one fills the name and INN, which stay editable. The phone is confirmed by code.
 */
export function RegisterOrgPage() {
  const [register] = useRegisterOrganizationMutation();
  const [confirm] = useRegisterUserConfirmMutation();
  const offers = publicConfig().offerDocumentIds;
  const location = useLocation();
  const form = useForm<RegisterOrgForm, unknown, RegisterOrgValues>({
    resolver: zodResolver(registerOrgFormSchema),
    mode: 'all',
    defaultValues: {
      // A number the sign-in found without a login comes along.
      phone: handedOverPhone(location.state) ?? { country: 'RU', digits: '' },
      party: null,
      organization: { name: '', inn: '', city: null, email: '', contactPerson: '' },
      acceptUserAgreement: false,
      acceptOrganizationAgreement: false,
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
  const errors = form.formState.errors.organization;

  const save = form.handleSubmit((values) =>
    requestCode(values.phone, {
      phone: phoneE164(values.phone),
      organization: values.organization,
      acceptUserAgreement: true,
      acceptOrganizationAgreement: true,
    }),
  );

  if (codeStep) return codeStep;

  return (
    <AuthCard
      title="Регистрация организации"
      lead="Найдите организацию по названию или ИНН — мы заполним реквизиты. Код подтверждения придёт на телефон."
      footer={
        <>
          <span>
            Уже есть аккаунт? <Link to="/login">Войти</Link>
          </span>
          <Link to="/register">Регистрация спортсмена</Link>
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
        <Controller
          control={form.control}
          name="party"
          render={({ field }) => (
            <AddressInput<PartySuggestion>
              label="Поиск организации"
              hint="Название или ИНН"
              listLabel="Организации"
              name={field.name}
              value={field.value ?? null}
              loadSuggestions={(query, signal) => suggestParties(query, signal)}
              onChange={(party) => {
                field.onChange(party);
                if (!party) return;
                const options = { shouldValidate: true, shouldDirty: true };
                form.setValue('organization.name', partyName(party), options);
                if (party.data.inn) form.setValue('organization.inn', party.data.inn, options);
              }}
            />
          )}
        />
        <TextInput
          label="Название организации"
          required
          autoComplete="organization"
          {...form.register('organization.name')}
          error={errors?.name?.message}
        />
        <TextInput
          label="ИНН"
          required
          inputMode="numeric"
          {...form.register('organization.inn')}
          error={errors?.inn?.message}
        />
        <Controller
          control={form.control}
          name="organization.city"
          render={({ field, fieldState }) => (
            <AddressInput
              label="Город"
              name={field.name}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              loadSuggestions={suggestCities}
              placeholder="Начните вводить название"
              error={fieldState.error?.message}
              required
            />
          )}
        />
        <TextInput
          label="Электронная почта"
          type="email"
          required
          autoComplete="email"
          {...form.register('organization.email')}
          error={errors?.email?.message}
        />
        <TextInput
          label="Контактное лицо"
          hint="Фамилия, имя и отчество"
          required
          autoComplete="name"
          {...form.register('organization.contactPerson')}
          error={errors?.contactPerson?.message}
        />
        <AgreementCheckbox
          documentName="пользовательское соглашение"
          documentId={offers.user}
          {...form.register('acceptUserAgreement')}
          error={form.formState.errors.acceptUserAgreement?.message}
        />
        <AgreementCheckbox
          documentName="соглашение организации"
          documentId={offers.organization}
          {...form.register('acceptOrganizationAgreement')}
          error={form.formState.errors.acceptOrganizationAgreement?.message}
        />
        <FormFailure message={failure} />
      </SubmitForm>
    </AuthCard>
  );
}
