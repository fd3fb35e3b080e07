import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { publicConfig } from '@fed/api-client';
import type { ContractorType } from '@fed/contracts';
import { AgreementCheckbox } from './agreement-checkbox';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { FormFailure } from './form-failure';
import { PhoneField } from './phone-field';
import { SignedInCard } from './signed-in-card';
import { selectIsAuthenticated, selectSigningIn } from '../model/session-slice';

/** What differs between the registrations of an athlete and of an organization, besides their own fields. */
const registrations = {
  sportsman: {
    path: '/register',
    title: 'Регистрация спортсмена',
    lead: 'Заполните данные спортсмена — мы пришлём код подтверждения на ваш телефон.',
    agreementField: 'acceptSportsmanAgreement',
    agreementName: 'соглашение спортсмена',
  },
  organization: {
    path: '/register-org',
    title: 'Регистрация организации',
    lead: 'Найдите организацию по названию или ИНН — мы заполним реквизиты. Код подтверждения придёт на телефон.',
    agreementField: 'acceptOrganizationAgreement',
    agreementName: 'соглашение организации',
  },
} as const satisfies Record<ContractorType, object>;

const otherRole = { sportsman: 'organization', organization: 'sportsman' } as const;

/**
 * A registration page (spec §2: public): its form for a guest, and through the sign-in the form ends in; for
 * someone already signed in, who that is and the ways on (`SignedInCard`), the form once they sign out.
 */
export function RegistrationGate({ role, children }: { role: ContractorType; children: ReactNode }) {
  const authenticated = useSelector(selectIsAuthenticated);
  const signingIn = useSelector(selectSigningIn);
  if (authenticated && !signingIn) return <SignedInCard title={registrations[role].title} />;
  return children;
}

export interface RegistrationCardProps<Form extends FieldValues, Output> {
  /** Who registers: the page's title and lead, the role's agreement, the way to the other registration. */
  role: ContractorType;
  form: UseFormReturn<Form, unknown, Output>;
  /** The steps of `useRegistration`. */
  registration: {
    submit: () => unknown;
    phoneNotice: ReactNode;
    failure: string | null;
    codeStep: ReactNode;
  };
  /** The fields of who registers, between the phone and the agreements. */
  children: ReactNode;
}

/**
 * A registration as every registration goes: the phone (with the notice under it), the fields of who registers,
 * the user agreement and the role's, a failure above the button that asks for the code, the ways to sign in or
 * to the other registration; then the code step.
 */
export function RegistrationCard<Form extends FieldValues, Output>({
  role,
  form,
  registration,
  children,
}: RegistrationCardProps<Form, Output>) {
  if (registration.codeStep) return registration.codeStep;
  const { title, lead, agreementField, agreementName } = registrations[role];
  const other = registrations[otherRole[role]];
  const offers = publicConfig().offerDocumentIds;
  // The form holds the agreements under these names (`RegistrationFields` and the role's schema).
  const agreements = [
    {
      name: 'acceptUserAgreement' as Path<Form>,
      documentName: 'пользовательское соглашение',
      id: offers.user,
    },
    { name: agreementField as Path<Form>, documentName: agreementName, id: offers[role] },
  ];
  return (
    <AuthCard
      title={title}
      lead={lead}
      footer={
        <>
          <span>
            Уже есть аккаунт? <Link to="/login">Войти</Link>
          </span>
          <Link to={other.path}>{other.title}</Link>
        </>
      }
    >
      <AuthForm form={form} onSubmit={registration.submit} submitText="Получить код">
        <PhoneField control={form.control} name={'phone' as Path<Form>} />
        {registration.phoneNotice}
        {children}
        {agreements.map(({ name, documentName, id }) => (
          <AgreementCheckbox
            key={name}
            documentName={documentName}
            documentId={id}
            {...form.register(name)}
            error={form.getFieldState(name, form.formState).error?.message}
          />
        ))}
        <FormFailure message={registration.failure} />
      </AuthForm>
    </AuthCard>
  );
}
