import { z } from 'zod';
import type { SportsmanRecord } from '@fed/contracts';
import {
  birthDateRules,
  EMAIL_MAX_LENGTH,
  isoDateToRu,
  PERSON_NAME_RULES,
  personNameSchema,
  SOCIAL_PROFILE_URL_PATTERN,
  validateAll,
  validationMessages,
  zodRules,
  type RuleContext,
  type RuleSpec,
} from '@fed/validation';

/**
 * Pieces the profile's forms share: a person's name with «Нет отчества» (the add-account dialog's rules), a
 * DD.MM.YYYY date, optional text, an e-mail and a VK link — each with the catalogue's messages.
 */

/** A person's name as typed, with «Нет отчества» (ticking it empties and disables the middle name). */
export interface NameValues {
  lastName: string;
  firstName: string;
  middleName: string;
  noMiddleName: boolean;
}

export interface NameOutput {
  lastname: string;
  firstname: string;
  /** '' for a person without one. */
  middlename: string;
}

export const nameShape = {
  lastName: personNameSchema(),
  firstName: personNameSchema(),
  middleName: z.string().trim(),
  noMiddleName: z.boolean(),
};

const MIDDLE_NAME_RULES: readonly RuleSpec[] = ['required', ...PERSON_NAME_RULES];

/** The middle name is required unless «Нет отчества» is ticked; checked with the other fields at once. */
export function checkMiddleName(
  form: { middleName?: unknown; noMiddleName?: unknown },
  ctx: z.RefinementCtx,
) {
  if (form.noMiddleName === true) return;
  const message = validateAll(form.middleName, MIDDLE_NAME_RULES);
  if (message !== null) ctx.addIssue({ code: 'custom', message, path: ['middleName'] });
}

/** Object-level checks run even while other fields are invalid, so every error shows at once. */
export const always = {
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
};

export const nameOutput = (form: NameValues): NameOutput => ({
  lastname: form.lastName,
  firstname: form.firstName,
  middlename: form.noMiddleName ? '' : form.middleName,
});

export const nameValues = (name: Partial<NameOutput> | null | undefined): NameValues => ({
  lastName: name?.lastname ?? '',
  firstName: name?.firstname ?? '',
  middleName: name?.middlename ?? '',
  // A person whose name is known and has no middle name: the box says so.
  noMiddleName: Boolean(name?.lastname) && !name?.middlename,
});

/** A required DD.MM.YYYY date, a real day, not after today; `extra` rules follow (an adult's birth date). */
export function birthDateSchema(context: RuleContext = {}, extra: readonly RuleSpec[] = []) {
  return z
    .string({ error: validationMessages.required })
    .trim()
    .superRefine(zodRules([...birthDateRules(), ...extra], context));
}

/** Optional free text, trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .superRefine(zodRules([['max', { n: max }]]));

/** An optional e-mail (the catalogue's pattern, up to 254). */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .superRefine(zodRules([['max', { n: EMAIL_MAX_LENGTH }], 'email']));

export const VK_LINK_MAX = 300;

/** An optional VK profile link (the spec's social-network pattern): 'Неверный формат ссылки'. */
export const optionalVkLink = () =>
  z
    .string()
    .trim()
    .superRefine(
      zodRules([
        ['max', { n: VK_LINK_MAX }],
        [
          'custom',
          {
            validator: (value) =>
              value === '' || (typeof value === 'string' && SOCIAL_PROFILE_URL_PATTERN.test(value)),
            message: validationMessages.url,
          },
        ],
      ]),
    );

/** The e-mail and VK link a profile shows, and whether others see the link. */
export interface ContactValues {
  email: string;
  vkLink: string;
  vkLinkAvailable: boolean;
}

export const contactShape = {
  email: optionalEmail(),
  vkLink: optionalVkLink(),
  vkLinkAvailable: z.boolean(),
};

/** The fields of a record its contacts are. */
export type ContactRecord = Pick<SportsmanRecord, 'email_kontr' | 'vk_link' | 'vk_link_available'>;

/** The contacts as the record holds them: the first e-mail, the VK link. */
export const contactValues = (record: ContactRecord): ContactValues => ({
  email: record.email_kontr?.[0]?.email ?? '',
  vkLink: record.vk_link ?? '',
  vkLinkAvailable: record.vk_link_available === true,
});

/** The contacts as saved: the link is shown to others only when there is one. */
export const contactOutput = (form: ContactValues): ContactValues => ({
  email: form.email,
  vkLink: form.vkLink,
  vkLinkAvailable: form.vkLink !== '' && form.vkLinkAvailable,
});

/** The calendar day of a platform date-time (`2014-03-05T00:00:00.000Z` → `05.03.2014`), '' for none. */
export const ruDateOf = (dateTime: string | null | undefined): string =>
  (dateTime && isoDateToRu(dateTime.slice(0, 10))) ?? '';
