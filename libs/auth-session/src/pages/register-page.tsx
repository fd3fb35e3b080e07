import { useMemo } from 'react';
import { z } from 'zod';
import type { Clock } from '@fed/calendar';
import { useClock, useZodForm } from '@fed/ui-kit';
import { createAddAccountSchema, phoneValueSchema } from '@fed/validation';
import { useRegisterUserConfirmMutation, useRegisterUserMutation } from '../api/auth-api';
import { emptyPerson, PersonFields } from '../components/person-fields';
import { RegistrationCard, RegistrationGate } from '../components/registration-card';
import { agreementAccepted, useRegistration, useRegistrationDefaults } from '../lib/use-registration';

/** The person's birth date is checked against today by `clock`. */
const registerFormSchema = (clock: Clock) =>
  z.object({
    phone: phoneValueSchema(),
    person: createAddAccountSchema({ clock }),
    acceptUserAgreement: agreementAccepted,
    acceptSportsmanAgreement: agreementAccepted,
  });

/** `/register`: the form, or who is signed in (spec §2: the page is public). */
export function RegisterPage() {
  return (
    <RegistrationGate role="sportsman">
      <RegisterForm />
    </RegistrationGate>
  );
}

/** A person registers as an athlete, accepts the agreements and confirms the phone by code. */
function RegisterForm() {
  const [send] = useRegisterUserMutation();
  const [confirm] = useRegisterUserConfirmMutation();
  const clock = useClock();
  const schema = useMemo(() => registerFormSchema(clock), [clock]);
  const form = useZodForm(schema, {
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
