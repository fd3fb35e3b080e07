import { z } from 'zod';
import { validationMessages, zodRules, type RuleContext, type RuleSpec } from '@fed/validation';

/** A missing value reads as the catalogue's 'Поле обязательно', whatever zod would have said. */
export const REQUIRED = { error: validationMessages.required };

/** Trimmed text checked by catalogue rules (one message at a time, the first that fails). */
export function checkedText(rules: readonly RuleSpec[], context?: RuleContext) {
  return z.string(REQUIRED).trim().superRefine(zodRules(rules, context));
}

/** A required choice of one catalogue code; '' (nothing chosen yet) reads 'Поле обязательно'. */
export function requiredCode<const T extends readonly [string, ...string[]]>(codes: T) {
  return z
    .union([z.enum(codes), z.literal('')], REQUIRED)
    .superRefine(zodRules(['required']))
    .transform((code) => code as T[number]);
}
