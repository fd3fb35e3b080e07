import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { apiErrorOf, messageOf, showFieldErrors } from '@fed/api-client';
import {
  authErrorCodes,
  authMessages,
  type CodeSentResponse,
  type RegisterUserConfirmRequest,
  type TokenResponse,
} from '@fed/contracts';
import type { PhoneValue } from '@fed/ui-kit';
import { toE164 } from '@fed/validation';
import { CodeStep, type MutationOutcome } from '../components/code-step';
import { finishSignIn } from '../model/session-actions';
import { useSessionDispatch } from '../model/session-dispatch';
import { storeSignIn } from '../model/sign-in';

/** A registration form's agreement checkbox: it must be ticked. */
export const agreementAccepted = z.boolean().refine((value) => value, authMessages.agreementRequired);

export const phoneE164 = (phone: PhoneValue) => toE164(phone.digits, phone.country) ?? '';

interface Sent<Body> {
  phone: PhoneValue;
  body: Body;
  resendAt: number;
}

export interface RegistrationOptions<Form extends FieldValues, Body> {
  form: UseFormReturn<Form, unknown, unknown>;
  /** Asks for a code (RegisterUser / RegisterOrganization). */
  send: (body: Body) => Promise<MutationOutcome<CodeSentResponse>>;
  confirm: (body: RegisterUserConfirmRequest) => Promise<MutationOutcome<TokenResponse>>;
  /** The number already has a login (`phone_taken`): the page says so at the phone, with the way to sign in. */
  onPhoneTaken: (phone: PhoneValue) => void;
}

/**
 * The two steps every registration shares: ask for a code with the form's body (server field errors go under
 * their fields, anything else above the button, the form keeping every value), then confirm the code,
 * store the tokens and go to the remembered page or /profile.
 */
export function useRegistration<Form extends FieldValues, Body>({
  form,
  send,
  confirm,
  onPhoneTaken,
}: RegistrationOptions<Form, Body>) {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const [sent, setSent] = useState<Sent<Body> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const requestCode = async (phone: PhoneValue, body: Body) => {
    setFailure(null);
    const outcome = await send(body);
    if ('data' in outcome) {
      setSent({ phone, body, resendAt: Date.now() + outcome.data.data.resendAfterSeconds * 1000 });
      return;
    }
    if (apiErrorOf(outcome.error)?.code === authErrorCodes.phoneTaken) return onPhoneTaken(phone);
    if (!showFieldErrors(form, outcome.error)) setFailure(messageOf(outcome.error));
  };

  const codeStep = sent && (
    <CodeStep
      title="Подтверждение телефона"
      submitText="Зарегистрироваться"
      phone={sent.phone}
      resendAt={sent.resendAt}
      confirm={(code) => confirm({ phone: phoneE164(sent.phone), code })}
      resend={() => send(sent.body)}
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

  return { requestCode, codeStep, failure };
}
