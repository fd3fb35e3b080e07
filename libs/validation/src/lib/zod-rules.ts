import type { z } from 'zod';
import { validateAll, type RuleContext, type RuleSpec } from './rules';

/**
 * The catalogue as a zod refinement, so a form (zodResolver) and a Nest body share one schema:
 * `z.string().trim().superRefine(zodRules(['required', ['min', { n: 2 }]]))`.
 * Rules run in order and only the first failure is reported, so a field shows one message.
 * The issue is not marked aborting: zod would then also skip the object-level checks that run with
 * `when` (a form must show every field's error at once, not one field after another).
 */
export function zodRules(rules: readonly RuleSpec[], context?: RuleContext) {
  return <T>(value: T, ctx: z.RefinementCtx<T>): void => {
    const message = validateAll(value, rules, context);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  };
}
