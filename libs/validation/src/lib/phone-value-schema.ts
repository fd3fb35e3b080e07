import { z } from 'zod';
import { PHONE_COUNTRY_CODES } from './phone';
import { phoneValueError, type PhoneValue, type PhoneValueRules } from './phone-value';

export type { PhoneValue } from './phone-value';

export type PhoneValueSchemaOptions = PhoneValueRules;

/**
 * One phone field: `required` (unless optional), then `dynamicPhone` for the chosen country.
 * The issue sits on the field itself, not on `digits`, because the form shows the error of the field.
 */
export function phoneValueSchema(options: PhoneValueSchemaOptions = {}): z.ZodType<PhoneValue, PhoneValue> {
  return z.object({ country: z.enum(PHONE_COUNTRY_CODES), digits: z.string() }).superRefine((phone, ctx) => {
    const message = phoneValueError(phone, options);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}
