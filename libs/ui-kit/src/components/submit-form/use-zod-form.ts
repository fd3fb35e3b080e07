import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import {
  useForm,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { VALIDATION_DEBOUNCE_MS } from '@fed/validation';

/** What a form may set besides its schema: default values, focus on error, and the like — never its timing. */
export type ZodFormOptions<Values extends FieldValues, Output extends FieldValues = Values> = Omit<
  UseFormProps<Values, unknown, Output>,
  'resolver' | 'mode' | 'reValidateMode'
>;

/** Native controls whose every change is a finished choice, not typing: checked on change (spec §5). */
const CHOICE_INPUT_TYPES = new Set([
  'checkbox',
  'radio',
  'file',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
  'color',
]);

/** Whether a change event comes from a select, a box, a radio, a file or a native date: a choice made. */
export function isChoiceTarget(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const { tagName, type } = target as { tagName?: unknown; type?: unknown };
  if (tagName === 'SELECT') return true;
  return tagName === 'INPUT' && typeof type === 'string' && CHOICE_INPUT_TYPES.has(type);
}

/** Whether `names` (every field when undefined) are valid as the form knows now. */
type Answer = (names: readonly string[] | undefined) => boolean;

/**
 * The checks a form asked for, run together `VALIDATION_DEBOUNCE_MS` after the last request: a blur and the
 * choice made by the same click are one check, and a check asked for while one waits joins it.
 */
class ValidationQueue {
  private names = new Set<string>();
  private everything = false;
  private focus = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiting: { names: readonly string[] | undefined; resolve: (valid: boolean) => void }[] = [];

  constructor(
    private readonly check: (names: string[] | undefined, focus: boolean) => Promise<unknown>,
    private readonly answer: Answer,
  ) {}

  /** Checks `names` (every field when undefined) soon; resolves with whether they were found valid. */
  request(names: readonly string[] | undefined, focus = false): Promise<boolean> {
    if (names === undefined) this.everything = true;
    else names.forEach((name) => this.names.add(name));
    this.focus ||= focus;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), VALIDATION_DEBOUNCE_MS);
    return new Promise((resolve) => this.waiting.push({ names, resolve }));
  }

  /**
   * Drops the checks that wait: a submit checks every field itself, and a check left over from the blur of
   * its click would wipe the server's field errors that come back meanwhile; an unmounted form has nothing
   * to show. Whoever awaits one hears what the form knows now.
   */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.settle(this.take().waiting);
  }

  private take() {
    const batch = {
      names: this.everything ? undefined : [...this.names],
      focus: this.focus,
      waiting: this.waiting,
    };
    this.names = new Set();
    this.everything = false;
    this.focus = false;
    this.waiting = [];
    return batch;
  }

  private settle(waiting: ValidationQueue['waiting']) {
    waiting.forEach(({ names, resolve }) => resolve(this.answer(names)));
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    const batch = this.take();
    try {
      await this.check(batch.names, batch.focus);
    } finally {
      this.settle(batch.waiting);
    }
  }
}

/** Each `useZodForm` form's queue by its control, for `FormField`, which is given the control alone. */
const queues = new WeakMap<object, ValidationQueue>();

/**
 * Asks the form of `control` to check `name` by the timing of spec §5 (after `VALIDATION_DEBOUNCE_MS`, with
 * whatever else was asked meanwhile). A control of a form not made by `useZodForm` is left to that form.
 */
export function requestValidation<Values extends FieldValues, Output>(
  control: Control<Values, unknown, Output>,
  name: FieldPath<Values>,
): void {
  void queues.get(control)?.request([name]);
}

function asNames(name: string | readonly string[] | undefined): readonly string[] | undefined {
  if (name === undefined) return undefined;
  return typeof name === 'string' ? [name] : name;
}

/**
 * `form` whose own checks (blur, a choice, `trigger`, `setValue(…, { shouldValidate })`) go through `queue`, and
 * whose submit drops what waits in it.
 */
function timed<Values extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Values, unknown, Output>,
  queue: ValidationQueue,
): UseFormReturn<Values, unknown, Output> {
  return {
    ...form,
    // react-hook-form hands each render a new formState; read it at the time, not as it was at the first.
    get formState() {
      return form.formState;
    },
    register: (name, options) => {
      const registered = form.register(name, options);
      return {
        ...registered,
        onChange: async (event) => {
          const result = await registered.onChange(event);
          // Typing is not checked (spec §5 "not on input"); a box ticked or an option picked is.
          if (isChoiceTarget(event.target)) void queue.request([name]);
          return result;
        },
        onBlur: async (event) => {
          const result = await registered.onBlur(event);
          void queue.request([name]);
          return result;
        },
      };
    },
    trigger: (name, options) => queue.request(asNames(name), options?.shouldFocus === true),
    setValue: (name, value, options) => {
      form.setValue(name, value, { ...options, shouldValidate: false });
      if (options?.shouldValidate === true) void queue.request([name]);
    },
    handleSubmit: (onValid, onInvalid) => {
      const submit = form.handleSubmit(onValid, onInvalid);
      return (event) => {
        queue.cancel();
        return submit(event);
      };
    },
  };
}

/**
 * react-hook-form over the form's zod schema, with the one timing of spec §5 — "on blur and on change, not on
 * input; debounce 5 ms" — for every form of the portal; pair it with `SubmitForm`
 * (`isValid={form.formState.isValid}`).
 *
 * - A text field is checked when it loses focus, never while it is typed into, before a submit or after one:
 *   an error shown stays until the field is left again or the form is sent.
 * - A choice is checked when it is made: a select, a box, a radio (`register`), and through `FormField` a
 *   suggestion or option picked, a file chosen, a date typed to its last digit (`{ committed: true }`).
 * - `trigger` and `setValue(…, { shouldValidate: true })` of the form's own code take the same way.
 * - Each check runs `VALIDATION_DEBOUNCE_MS` after the event that asked for it, together with the others asked
 *   for meanwhile; it shows the messages of the fields it was asked about.
 *
 * The submit button still knows at once whether the form is valid: react-hook-form's `onSubmit` mode runs the
 * schema silently at each change for `formState.isValid` alone, showing no message. So the button comes alive
 * with the last keystroke, Enter in the last field sends the form, and `handleSubmit` checks every field and
 * shows every message before anything is sent (dropping the checks that still wait).
 */
export function useZodForm<Values extends FieldValues, Output extends FieldValues = Values>(
  schema: ZodType<Output, Values>,
  // The schema alone decides the types: default values typed loosely ('RU' read as string) must not widen them.
  options: ZodFormOptions<NoInfer<Values>, NoInfer<Output>> = {},
): UseFormReturn<Values, unknown, Output> {
  const form = useForm<Values, unknown, Output>({
    ...options,
    resolver: zodResolver(schema),
    // react-hook-form checks no field by itself, before or after a submit; the queue does (see above).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  // react-hook-form's form and control are made once per form; so are the queue and the timed form.
  const [queue] = useState(
    () =>
      new ValidationQueue(
        (names, focus) => form.trigger(names as FieldPath<Values>[] | undefined, { shouldFocus: focus }),
        (names) =>
          names === undefined
            ? Object.keys(form.formState.errors).length === 0
            : names.every((name) => !form.getFieldState(name as FieldPath<Values>).invalid),
      ),
  );
  const [timedForm] = useState(() => {
    queues.set(form.control, queue);
    return timed(form, queue);
  });
  useEffect(() => () => queue.cancel(), [queue]);
  return timedForm;
}
