import { validationMessages } from './messages';
import { isValidPhone, toE164, type PhoneCountryCode } from './phone';

/*
 * A phone field's rules as a plain function, apart from the rule catalogue and from zod: the sign-in's island
 * checks the number as it is typed, and the catalogue brings the date rules' library, the schema zod. The
 * schema (`phoneValueSchema`) applies this function; its spec holds it to the catalogue's rules.
 */

/** A phone field's value as the UI kit's phone input holds it: the chosen country and the national digits. */
export interface PhoneValue {
  country: PhoneCountryCode;
  digits: string;
}

export interface PhoneValueRules {
  /** An empty number passes; a partly typed one still fails. */
  optional?: boolean;
}

/** The spec's `required` (unless optional), then `dynamicPhone` for the chosen country: the message, or `null`. */
export function phoneValueError({ country, digits }: PhoneValue, rules: PhoneValueRules = {}): string | null {
  if (digits.trim() === '') return rules.optional === true ? null : validationMessages.required;
  return isValidPhone(digits, country) ? null : validationMessages.phone;
}

/** The number in E.164, as the api takes it; empty for one that is not whole (the api refuses it). */
export const phoneValueE164 = ({ country, digits }: PhoneValue): string => toE164(digits, country) ?? '';
