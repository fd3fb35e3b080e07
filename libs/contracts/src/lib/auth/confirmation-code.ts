import { validationMessages } from '@fed/validation';

/*
 * The confirmation code's rule as a plain function, apart from the auth schemas: the sign-in's island checks a
 * code as it is typed and must not ship zod for that. The schema (`confirmationCodeSchema`) applies this rule.
 */

/** Length of a confirmation code. */
export const AUTH_CODE_LENGTH = 6;

const CODE_PATTERN = new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`);

export const CODE_FORMAT_MESSAGE = `Код состоит из ${AUTH_CODE_LENGTH} цифр`;

/** What is wrong with a typed code (spaces around it ignored), or `null` when it is six digits. */
export function confirmationCodeError(typed: string): string | null {
  const code = typed.trim();
  if (code === '') return validationMessages.required;
  return CODE_PATTERN.test(code) ? null : CODE_FORMAT_MESSAGE;
}
