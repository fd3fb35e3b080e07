import type { z } from 'zod';
import { validateAll, type RuleContext, type RuleSpec } from './rules';

/**
 * The catalogue as a zod refinement, so a form (zodResolver) and a Nest body share one schema:
 * `z.string().trim().superRefine(zodRules(['required', ['min', { n: 2 }]]))`.
 * Rules run in order and only the first failure is reported; it stops the schema's later checks,
 * so a field never shows two messages at once.
 */
export function zodRules(rules: readonly RuleSpec[], context?: RuleContext) {
  return <T>(value: T, ctx: z.RefinementCtx<T>): void => {
    const message = validateAll(value, rules, context);
    if (message !== null) ctx.addIssue({ code: 'custom', message, continue: false });
  };
}
