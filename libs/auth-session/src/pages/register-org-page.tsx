import { z } from 'zod';
import { suggestParties } from '@fed/api-client';
import { authOrganizationSchema, type PartySuggestion } from '@fed/contracts';
import { AddressInput, FormField, TextInput, useZodForm } from '@fed/ui-kit';
import { cityFieldSchema, phoneValueSchema } from '@fed/validation';
import { useRegisterOrganizationMutation, useRegisterUserConfirmMutation } from '../api/auth-api';
import { CityField } from '../components/city-field';
import { RegistrationCard, RegistrationGate } from '../components/registration-card';
import { agreementAccepted, useRegistration, useRegistrationDefaults } from '../lib/use-registration';

const registerOrgFormSchema = z.object({
  phone: phoneValueSchema(),
  /** Only a helper that fills name and INN; the fields themselves are what is sent. */
  party: z.custom<PartySuggestion | null>(),
  organization: authOrganizationSchema.extend({ city: cityFieldSchema }),
  acceptUserAgreement: agreementAccepted,
  acceptOrganizationAgreement: agreementAccepted,
});

/** A company's short name without the legal form's quotes noise: 'ООО «Синкэн»' stays as DaData gives it. */
const partyName = (party: PartySuggestion) => party.value;

/** `/register-org`: the form, or who is signed in (spec §2: the page is public). */
export function RegisterOrgPage() {
  return (
    <RegistrationGate role="organization">
      <RegisterOrgForm />
    </RegistrationGate>
  );
}

/**
 * An organization (club) registers. Typing its name or INN suggests companies from the state register; choosing
 * one fills the name and INN, which stay editable. The phone is confirmed by code.
 */
function RegisterOrgForm() {
  const [send] = useRegisterOrganizationMutation();
  const [confirm] = useRegisterUserConfirmMutation();
  const form = useZodForm(registerOrgFormSchema, {
    defaultValues: {
      ...useRegistrationDefaults(),
      party: null,
      organization: { name: '', inn: '', city: null, email: '', contactPerson: '' },
      acceptOrganizationAgreement: false,
    },
  });
  const registration = useRegistration({
    form,
    send,
    confirm,
    body: ({ organization }) => ({ organization, acceptOrganizationAgreement: true as const }),
  });
  const errors = form.formState.errors.organization;

  return (
    <RegistrationCard role="organization" form={form} registration={registration}>
      <FormField control={form.control} name="party">
        {(field) => (
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
      </FormField>
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
      <CityField control={form.control} name="organization.city" />
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
    </RegistrationCard>
  );
}
