import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';

/** What a form may set besides its schema: default values, focus on error, and the like. */
export type ZodFormOptions<Values extends FieldValues, Output extends FieldValues = Values> = Omit<
  UseFormProps<Values, unknown, Output>,
  'resolver' | 'mode' | 'reValidateMode'
>;

/**
 * react-hook-form over the form's zod schema, with the timing of spec §5 — "on blur and on change, not on
 * input" — for every form of the portal; pair it with `SubmitForm` (`isValid={form.formState.isValid}`).
 *
 * The timing is react-hook-form's `onTouched`: a field is checked first when it loses focus, and from then on
 * at each change of it (a fix typed in, a suggestion picked, a box ticked), so no one is told off while typing
 * into a field the first time. Not `onChange` or `all`: react-hook-form's change is every keystroke, the
 * spec's "input". Not `onBlur` either: with it `formState.isValid` follows blurs only, so the submit button
 * would stay disabled after the last keystroke, Enter in the last field would do nothing, and a choice
 * picked would wait for a blur to be checked. After a submit each change is checked again
 * (`reValidateMode: 'onChange'`), so a server's field error goes once the field is changed. The spec's 5 ms
 * debounce is not applied: validation already runs after the event that caused it.
 */
export function useZodForm<Values extends FieldValues, Output extends FieldValues = Values>(
  schema: ZodType<Output, Values>,
  // The schema alone decides the types: default values typed loosely ('RU' read as string) must not widen them.
  options: ZodFormOptions<NoInfer<Values>, NoInfer<Output>> = {},
): UseFormReturn<Values, unknown, Output> {
  return useForm<Values, unknown, Output>({
    ...options,
    resolver: zodResolver(schema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
}
