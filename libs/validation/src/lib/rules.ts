import { regexes } from 'zod';
import { calendarDayOf, compareDays, systemClock, type CalendarDay, type Clock } from '@fed/calendar';
import { addressPlaceName } from './address';
import { DEFAULT_FIELD_NAME, validationMessages } from './messages';
import { parseNumber } from './number-mask';
import { isPhoneCountryCode, isValidPhone, type PhoneCountryCode } from './phone';
import { readDate, type DateInput, type DateReading } from './ru-date';

/** Everything a rule may need besides its own parameters. */
export interface RuleContext {
  /** Field name for the fallback message '{field} is not valid.'. */
  field?: string;
  /**
   * Where the date rules take "now" and "today" from (today being the federation's, Moscow's, day of it); the
   * system clock by default. Tests and servers with a fixed "today" pass their own.
   */
  clock?: Clock;
}

/**
 * A date limit; without `date` the limit is the clock's now. A limit written as a day (DD.MM.YYYY, YYYY-MM-DD) is
 * that day; a Date or an RFC 3339 time is an instant.
 */
export interface DateLimitParams {
  date?: DateInput;
  /** Replaces the rule's default message, as the spec allows. */
  message?: string;
}

/** Anything with a MIME type: a browser `File`, or an uploaded file's description on the server. */
export interface FileLike {
  type: string;
}

/** Parameters of each rule; `undefined` in the type means the parameters may be left out. */
export interface RuleParams {
  required: undefined;
  email: undefined;
  min: { n: number };
  max: { n: number };
  min_value: { n: number };
  max_value: { n: number };
  phone: undefined;
  dynamicPhone: { country: PhoneCountryCode };
  minDate: DateLimitParams | undefined;
  minOrEqDate: DateLimitParams | undefined;
  /** The limit in Unix seconds; see the rule. */
  minDateByUnix: { unix?: number; message?: string } | undefined;
  maxDate: DateLimitParams | undefined;
  maxOrEqDate: DateLimitParams | undefined;
  maxDateLib: DateLimitParams | undefined;
  /** Allowed MIME types; `image/*` admits every image. */
  fileFormat: { formats: readonly string[] };
  url: undefined;
  cityRequired: { message?: string } | undefined;
  /** `validator` answers true when the value is fine; without `message` the fallback message is used. */
  custom: { validator: (value: unknown) => boolean; message?: string };
}

export type RuleName = keyof RuleParams;

/** A rule answers the message to show, or null when the value passes. */
export type Rule<P> = (value: unknown, params: P, context: Required<RuleContext>) => string | null;

export type RuleCatalogue = { readonly [N in RuleName]: Rule<RuleParams[N]> };

/** Rule names whose parameters may be left out. */
export type ParameterlessRuleName = {
  [N in RuleName]: undefined extends RuleParams[N] ? N : never;
}[RuleName];

/** The arguments after the value: parameters (optional when the rule allows), then the context. */
export type RuleArgs<N extends RuleName> = undefined extends RuleParams[N]
  ? [params?: RuleParams[N], context?: RuleContext]
  : [params: RuleParams[N], context?: RuleContext];

/** One rule of a list: a bare name when it takes no parameters, else a `[name, params]` pair. */
export type RuleSpec =
  | ParameterlessRuleName
  | {
      [N in RuleName]: undefined extends RuleParams[N]
        ? readonly [N, RuleParams[N]?]
        : readonly [N, RuleParams[N]];
    }[RuleName];

/** Thrown for a rule name the catalogue does not have: a form or server asked for a rule that does not exist. */
export class UnknownRuleError extends Error {
  constructor(readonly ruleName: string) {
    super(`Unknown validation rule '${ruleName}'`);
    this.name = 'UnknownRuleError';
  }
}

/**
 * "Nothing entered" as the spec's `required` sees it: null, undefined, false, an empty list or a
 * blank string. Every other rule lets such a value pass, so that an optional field may stay empty
 * and `required` alone decides whether it must be filled.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

// zod's own pattern, so that a catalogue check and a `z.email()` schema never disagree.
const EMAIL_PATTERN = regexes.email;

function characterCount(value: unknown): number | null {
  if (typeof value === 'string') return [...value].length;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value).length;
  return null;
}

function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return parseNumber(value);
  return null;
}

function readValue(value: unknown): DateReading | null {
  if (value instanceof Date || typeof value === 'number' || typeof value === 'string') return readDate(value);
  return null;
}

/** The federation's (Moscow) day of a reading: a typed day is itself, an instant the Moscow day it falls on. */
function dayOf(reading: DateReading): CalendarDay {
  return reading.kind === 'day' ? reading.day : calendarDayOf(reading.at);
}

/**
 * Negative when `value` comes before `limit`, 0 when together, positive after. Two instants compare to the
 * millisecond; where either is a day, both are read as Moscow days: a birth date typed as 02.12.2026 is not "in
 * the future" at 00:30 Moscow time on 2 December, whatever the zone the check runs in.
 */
function compareDates(value: DateReading, limit: DateReading): number {
  if (value.kind === 'instant' && limit.kind === 'instant') return value.at - limit.at;
  return compareDays(dayOf(value), dayOf(limit));
}

function limitOf(params: DateLimitParams | undefined, context: Required<RuleContext>): DateReading {
  if (params?.date === undefined) return { kind: 'instant', at: context.clock.now() };
  const limit = readDate(params.date);
  if (limit === null) throw new RangeError(`Unreadable date limit: ${String(params.date)}`);
  return limit;
}

/**
 * Builds a date-limit rule. A value that is not a readable date fails with the rule's message:
 * a limit must never be slipped past by an unreadable date.
 */
function dateLimitRule(
  defaultMessage: string,
  passes: (value: DateReading, limit: DateReading) => boolean,
): Rule<DateLimitParams | undefined> {
  return (value, params, context) => {
    if (isEmptyValue(value)) return null;
    const date = readValue(value);
    const limit = limitOf(params, context);
    return date !== null && passes(date, limit) ? null : (params?.message ?? defaultMessage);
  };
}

/**
 * A value of a timestamp field compared with a limit in Unix seconds: a number is itself seconds (not the
 * milliseconds of a Date); a typed day is compared by days with the limit's Moscow day.
 */
function atOrAfterUnix(value: unknown, limitSeconds: number): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value >= limitSeconds;
  const date = readValue(value);
  if (date === null) return false;
  if (date.kind === 'day') return compareDays(date.day, calendarDayOf(limitSeconds * 1000)) >= 0;
  return Math.floor(date.at / 1000) >= limitSeconds;
}

function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

// A FileList is neither an array nor guaranteed iterable in older engines, but it always has length.
function filesOf(value: unknown): unknown[] | null {
  if (isFileLike(value)) return [value];
  if (Array.isArray(value)) return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { length?: unknown }).length === 'number'
  ) {
    return Array.from(value as ArrayLike<unknown>);
  }
  return null;
}

function typeAllowed(type: string, formats: readonly string[]): boolean {
  const actual = type.toLowerCase();
  return formats.some((format) => {
    const allowed = format.toLowerCase();
    return allowed.endsWith('/*') ? actual.startsWith(allowed.slice(0, -1)) : actual === allowed;
  });
}

function isParseableUrl(text: string): boolean {
  try {
    return new URL(text) instanceof URL;
  } catch {
    return false;
  }
}

/** Spec §5 rule catalogue, keyed by the spec's rule names. */
export const validationRules: RuleCatalogue = {
  required: (value) => (isEmptyValue(value) ? validationMessages.required : null),

  email: (value) => {
    if (isEmptyValue(value)) return null;
    return typeof value === 'string' && EMAIL_PATTERN.test(value) ? null : validationMessages.email;
  },

  min: (value, { n }) => {
    if (isEmptyValue(value)) return null;
    const count = characterCount(value);
    return count !== null && count >= n ? null : validationMessages.min(n);
  },

  max: (value, { n }) => {
    if (isEmptyValue(value)) return null;
    const count = characterCount(value);
    return count !== null && count <= n ? null : validationMessages.max(n);
  },

  min_value: (value, { n }) => {
    if (isEmptyValue(value)) return null;
    const number = numericValue(value);
    return number !== null && number >= n ? null : validationMessages.minValue(n);
  },

  max_value: (value, { n }) => {
    if (isEmptyValue(value)) return null;
    const number = numericValue(value);
    return number !== null && number <= n ? null : validationMessages.maxValue(n);
  },

  // The spec's plain `phone` is the ten-digit Russian national number.
  phone: (value) => {
    if (isEmptyValue(value)) return null;
    return typeof value === 'string' && isValidPhone(value, 'RU') ? null : validationMessages.phone;
  },

  dynamicPhone: (value, { country }) => {
    if (!isPhoneCountryCode(country)) throw new RangeError(`Unknown phone country: ${String(country)}`);
    if (isEmptyValue(value)) return null;
    return typeof value === 'string' && isValidPhone(value, country) ? null : validationMessages.phone;
  },

  /** Strictly after the limit (a day: from the next day on). */
  minDate: dateLimitRule(validationMessages.datePast, (date, limit) => compareDates(date, limit) > 0),

  /** At or after the limit (a day: that day too, whatever the hour). */
  minOrEqDate: dateLimitRule(validationMessages.datePast, (date, limit) => compareDates(date, limit) >= 0),

  /** At or after the limit, compared in whole Unix seconds as timestamp fields store them. */
  minDateByUnix: (value, params, context) => {
    if (isEmptyValue(value)) return null;
    const limit = params?.unix ?? Math.floor(context.clock.now() / 1000);
    return atOrAfterUnix(value, limit) ? null : (params?.message ?? validationMessages.datePast);
  },

  /** Strictly before the limit (a day: up to the day before). */
  maxDate: dateLimitRule(validationMessages.dateFuture, (date, limit) => compareDates(date, limit) < 0),

  /** At or before the limit (a day: that day too, whatever the hour). */
  maxOrEqDate: dateLimitRule(validationMessages.dateFuture, (date, limit) => compareDates(date, limit) <= 0),

  /**
   * Not later than the end of the limit's day on the federation's (Moscow) calendar: a birth date of today
   * passes whatever the hour, and "today" is Moscow's whatever the time zone of the browser or the server (at
   * 00:30 Moscow time on 2 December, 2 December passes and 3 December does not). The birth dates use it.
   */
  maxDateLib: dateLimitRule(
    validationMessages.dateFuture,
    (date, limit) => compareDays(dayOf(date), dayOf(limit)) <= 0,
  ),

  fileFormat: (value, { formats }) => {
    if (isEmptyValue(value)) return null;
    const files = filesOf(value);
    const allAllowed =
      files !== null && files.every((file) => isFileLike(file) && typeAllowed(file.type, formats));
    return allAllowed ? null : validationMessages.fileFormat;
  },

  url: (value) => {
    if (isEmptyValue(value)) return null;
    return typeof value === 'string' && isParseableUrl(value) ? null : validationMessages.url;
  },

  // Unlike the other rules, "no address chosen" fails too: the rule is itself a requirement.
  cityRequired: (value, params) =>
    addressPlaceName(value) === null ? (params?.message ?? validationMessages.cityRequired) : null,

  custom: (value, { validator, message }, context) =>
    validator(value) ? null : (message ?? validationMessages.fallback(context.field)),
};

export function isRuleName(name: string): name is RuleName {
  return Object.hasOwn(validationRules, name);
}

function withDefaults(context: RuleContext | undefined): Required<RuleContext> {
  return { field: context?.field ?? DEFAULT_FIELD_NAME, clock: context?.clock ?? systemClock };
}

/**
 * Runs one rule of the catalogue: `validate('min', 'А', { n: 2 })` → 'Минимум 2 символов'; null when
 * the value passes. Throws `UnknownRuleError` for a name the catalogue lacks (names may come from
 * configuration, where the compiler cannot check them).
 */
export function validate<N extends RuleName>(
  name: N,
  value: unknown,
  ...[params, context]: RuleArgs<N>
): string | null {
  return getRule(name)(value, params, withDefaults(context));
}

/** Runs rules in order and answers the first failure's message, or null: one message per field, as shown. */
export function validateAll(
  value: unknown,
  rules: readonly RuleSpec[],
  context?: RuleContext,
): string | null {
  const filled = withDefaults(context);
  for (const spec of rules) {
    const [name, params] = typeof spec === 'string' ? [spec, undefined] : spec;
    const message = getRule(name)(value, params, filled);
    if (message !== null) return message;
  }
  return null;
}

/** The rule of that name, for callers holding names as plain strings; throws `UnknownRuleError` otherwise. */
export function getRule(name: string): Rule<unknown> {
  if (!isRuleName(name)) throw new UnknownRuleError(name);
  return validationRules[name] as Rule<unknown>;
}
