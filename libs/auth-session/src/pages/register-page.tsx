import { z } from 'zod';
import { useZodForm } from '@fed/ui-kit';
import { addAccountSchema, phoneValueSchema } from '@fed/validation';
import { useRegisterUserConfirmMutation, useRegisterUserMutation } from '../api/auth-api';
import { emptyPerson, PersonFields } from '../components/person-fields';
import { RegistrationCard } from '../components/registration-card';
import { agreementAccepted, useRegistration, useRegistrationDefaults } from '../lib/use-registration';

const registerFormSchema = z.object({
  phone: phoneValueSchema(),
  person: addAccountSchema,
  acceptUserAgreement: agreementAccepted,
  acceptSportsmanAgreement: agreementAccepted,
});

/** `/register`: a person registers as an athlete, accepts the agreements and confirms the phone by code. */
export function RegisterPage() {
  const [send] = useRegisterUserMutation();
  const [confirm] = useRegisterUserConfirmMutation();
  const form = useZodForm(registerFormSchema, {
    defaultValues: { ...useRegistrationDefaults(), person: emptyPerson, acceptSportsmanAgreement: false },
  });
  const registration = useRegistration({
    form,
    send,
    confirm,
    body: ({ person }) => ({ person, acceptSportsmanAgreement: true as const }),
  });

  return (
    <RegistrationCard role="sportsman" form={form} registration={registration}>
      <PersonFields form={form} prefix="person" />
    </RegistrationCard>
  );
}
