import { useEffect, useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { apiErrorOf, messageOf, showFieldErrors } from '@fed/api-client';
import {
  authErrorCodes,
  authMessages,
  type CodeSentResponse,
  type RegisterUserConfirmRequest,
  type TokenResponse,
} from '@fed/contracts';
import { useClock, type PhoneValue } from '@fed/ui-kit';
import { phoneValueE164 } from '@fed/validation';
import { CodeStep, type MutationOutcome } from '../components/code-step';
import { useSessionDispatch } from '../model/session-dispatch';
import { storeSignIn } from '../model/sign-in';
import { forgetHandedOverPhone, handedOverPhone } from './phone-hand-over';
import { useFinishSignIn } from './use-finish-sign-in';
import { useTakenPhone } from './use-taken-phone';

/** A registration form's agreement checkbox: it must be ticked. */
export const agreementAccepted = z.boolean().refine((value) => value, authMessages.agreementRequired);

/** What every registration form holds, whatever else it asks. */
export interface RegistrationFields {
  phone: PhoneValue;
  acceptUserAgreement: boolean;
}

/**
 * How every registration form starts: the number the sign-in found without a login comes along (else none),
 * the user agreement not yet accepted.
 */
export function useRegistrationDefaults(): RegistrationFields {
  const [phone] = useState<PhoneValue>(() => handedOverPhone() ?? { country: 'RU', digits: '' });
  useEffect(forgetHandedOverPhone, []);
  return { phone, acceptUserAgreement: false };
}

interface Sent<Body> {
  phone: PhoneValue;
  body: Body;
  resendAt: number;
}

/** What every registration request carries: the number in E.164 and the user agreement accepted. */
interface RegistrationRequest {
  phone: string;
  acceptUserAgreement: true;
}

export interface RegistrationOptions<
  Form extends RegistrationFields,
  Output extends RegistrationFields,
  Body extends RegistrationRequest,
> {
  form: UseFormReturn<Form, unknown, Output>;
  /** Asks for a code (RegisterUser / RegisterOrganization). */
  send: (body: Body) => Promise<MutationOutcome<CodeSentResponse>>;
  /** The rest of the request, from the form's values: who registers and the role's agreement. */
  body: (values: Output) => NoInfer<Omit<Body, keyof RegistrationRequest>>;
  confirm: (body: RegisterUserConfirmRequest) => Promise<MutationOutcome<TokenResponse>>;
}

/**
 * The two steps every registration shares: ask for a code with the form's body (server field errors go under
 * their fields, anything else above the button, the form keeping every value), then confirm the code,
 * store the tokens and go to the remembered page or /profile. A number that already has a login, found by the
 * check or by a refusal (`phone_taken`), gets the notice under the phone with the way to sign in, and the
 * focus goes there: it is at the top of a long form.
 */
export function useRegistration<
  Form extends RegistrationFields,
  Output extends RegistrationFields,
  Body extends RegistrationRequest,
>({ form, send, body, confirm }: RegistrationOptions<Form, Output, Body>) {
  // Every registration form holds its number at `phone`; react-hook-form cannot see that in a generic form.
  const phonePath = 'phone' as Path<Form>;
  const takenPhone = useTakenPhone(form.watch(phonePath) as PhoneValue);
  const dispatch = useSessionDispatch();
  const finish = useFinishSignIn();
  const clock = useClock();
  const [sent, setSent] = useState<Sent<Body> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const requestCode = async (phone: PhoneValue, request: Body) => {
    setFailure(null);
    const outcome = await send(request);
    if ('data' in outcome) {
      setSent({ phone, body: request, resendAt: clock.now() + outcome.data.data.resendAfterSeconds * 1000 });
      return;
    }
    if (apiErrorOf(outcome.error)?.code === authErrorCodes.phoneTaken) {
      takenPhone.phoneTaken(phone);
      form.setFocus(phonePath);
      return;
    }
    if (!showFieldErrors(form, outcome.error)) setFailure(messageOf(outcome.error));
  };

  const codeStep = sent && (
    <CodeStep
      title="Подтверждение телефона"
      submitText="Зарегистрироваться"
      phone={sent.phone}
      resendAt={sent.resendAt}
      confirm={(code) => confirm({ phone: phoneValueE164(sent.phone), code })}
      resend={() => send(sent.body)}
      onResent={(resendAt) => setSent({ ...sent, resendAt })}
      onChangePhone={() => setSent(null)}
      onConfirmed={(tokens) => {
        storeSignIn(dispatch, tokens);
        return finish();
      }}
    />
  );

  const submit = form.handleSubmit((values) =>
    requestCode(values.phone, {
      ...body(values),
      phone: phoneValueE164(values.phone),
      acceptUserAgreement: true,
      // The common fields and the rest make the whole request; TypeScript cannot join an Omit back.
    } as Body),
  );

  return { submit, codeStep, failure, phoneNotice: takenPhone.notice };
}
