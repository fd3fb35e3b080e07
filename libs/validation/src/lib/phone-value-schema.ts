import { z } from 'zod';
import { PHONE_COUNTRY_CODES, type PhoneCountryCode } from './phone';
import { validateAll, type RuleSpec } from './rules';

/** A phone field's value as the UI kit's phone input holds it: the chosen country and the national digits. */
export interface PhoneValue {
  country: PhoneCountryCode;
  digits: string;
}

export interface PhoneValueSchemaOptions {
  /** An empty number passes; a partly typed one still fails. */
  optional?: boolean;
}

/**
 * One phone field: `required` (unless optional), then `dynamicPhone` for the chosen country.
 * The issue sits on the field itself, not on `digits`, because the form shows the error of the field.
 */
export function phoneValueSchema(options: PhoneValueSchemaOptions = {}): z.ZodType<PhoneValue, PhoneValue> {
  return z.object({ country: z.enum(PHONE_COUNTRY_CODES), digits: z.string() }).superRefine((phone, ctx) => {
    const rules: RuleSpec[] = [['dynamicPhone', { country: phone.country }]];
    if (options.optional !== true) rules.unshift('required');
    const message = validateAll(phone.digits, rules);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}
