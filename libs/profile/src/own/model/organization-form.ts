import { z } from 'zod';
import { authOrganizationSchema, type OrganizationUpdateContext, type SportsmanRecord } from '@fed/contracts';
import {
  bankDetailsErrors,
  cityFieldSchema,
  parseE164,
  phoneValueSchema,
  toE164,
  validationMessages,
  zodRules,
  type AddressSuggestion,
  type PhoneValue,
} from '@fed/validation';
import { citySuggestion } from './athlete-form';
import {
  always,
  contactOutput,
  contactShape,
  contactValues,
  optionalText,
  type ContactRecord,
  type ContactValues,
} from './form-pieces';
import type { ProfileFormKind } from './use-profile-form';

/** The club's fields the form holds and gives alike. */
interface OrganizationFields extends ContactValues {
  name: string;
  site: string;
  bank: string;
  bic: string;
  bankAccount: string;
  correspondentAccount: string;
  /** The logo's file id on the platform's disk, `null` for none. */
  logo: string | null;
}

/** The club's profile as the edit form holds it. */
export interface OrganizationFormValues extends OrganizationFields {
  city?: AddressSuggestion | null | undefined;
  /** The address chosen from the suggestions (a house), as its one line. */
  address: AddressSuggestion | null;
  phone: PhoneValue;
}

export interface OrganizationFormOutput extends OrganizationFields {
  city: string;
  address: string;
  /** E.164, '' for none. */
  phone: string;
}

export const ORGANIZATION_LIMITS = { siteMax: 300, addressMax: 500, bankMax: 300 } as const;

export const organizationFormMessages = {
  bicMissing: 'Укажите БИК банка, в котором открыт счёт',
} as const;

const siteRule = z
  .string()
  .trim()
  .superRefine(
    zodRules([
      ['max', { n: ORGANIZATION_LIMITS.siteMax }],
      [
        'custom',
        {
          // The platform takes a site with its scheme: an address people can follow.
          validator: (value) =>
            value === '' ||
            (typeof value === 'string' &&
              /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) &&
              URL.canParse(value)),
          message: validationMessages.url,
        },
      ],
    ]),
  );

const addressSchema = z
  .custom<AddressSuggestion | null>()
  .superRefine((address, ctx) => {
    if (!address?.value.trim()) ctx.addIssue({ code: 'custom', message: validationMessages.required });
    else if (address.value.length > ORGANIZATION_LIMITS.addressMax) {
      ctx.addIssue({ code: 'custom', message: validationMessages.max(ORGANIZATION_LIMITS.addressMax) });
    }
  })
  .transform((address) => address?.value.trim() ?? '');

const digits = z.string().transform((value) => value.replace(/\s+/g, ''));

/**
 * The club's fields with the catalogue's messages; bank details as the Bank of Russia defines them
 * (`bankDetailsErrors`: a BIC of 9 digits, accounts of 20 with the BIC-keyed control digit), an account only with
 * the BIC of its bank — the checks the platform makes, said before the save.
 */
export function createOrganizationFormSchema(): z.ZodType<OrganizationFormOutput, OrganizationFormValues> {
  return z
    .object({
      // The name as registration takes it: the platform's rule and words.
      name: authOrganizationSchema.shape.name,
      site: siteRule,
      city: cityFieldSchema,
      address: addressSchema,
      phone: phoneValueSchema({ optional: true }),
      ...contactShape,
      bank: optionalText(ORGANIZATION_LIMITS.bankMax),
      bic: digits,
      bankAccount: digits,
      correspondentAccount: digits,
      logo: z.string().nullable(),
    })
    .superRefine((form, ctx) => {
      const errors = bankDetailsErrors({
        bic: form.bic,
        account: form.bankAccount,
        correspondentAccount: form.correspondentAccount,
      });
      const bicMissing = !form.bic && Boolean(form.bankAccount || form.correspondentAccount);
      const bic = errors.bic ?? (bicMissing ? organizationFormMessages.bicMissing : undefined);
      if (bic) ctx.addIssue({ code: 'custom', message: bic, path: ['bic'] });
      if (errors.account) ctx.addIssue({ code: 'custom', message: errors.account, path: ['bankAccount'] });
      if (errors.correspondentAccount) {
        ctx.addIssue({
          code: 'custom',
          message: errors.correspondentAccount,
          path: ['correspondentAccount'],
        });
      }
    }, always)
    .transform((form) => ({
      ...form,
      ...contactOutput(form),
      phone: form.phone.digits === '' ? '' : (toE164(form.phone.digits, form.phone.country) ?? ''),
    }));
}

const noPhone: PhoneValue = { country: 'RU', digits: '' };

/** What the form reads of the organization's record. */
export type OrganizationFormRecord = Pick<
  SportsmanRecord,
  | '__id'
  | '__name'
  | 'sait'
  | 'gorod'
  | 'fakti_address'
  | 'contact_phone'
  | 'bank'
  | 'bic'
  | 'bank_account'
  | 'correspondent_account'
  | 'logo'
> &
  ContactRecord;

/** The form filled from the organization's record. */
export function organizationFormValues(record: OrganizationFormRecord): OrganizationFormValues {
  const phone = record.contact_phone?.[0]?.tel;
  const address = record.fakti_address?.trim();
  return {
    name: record.__name,
    site: record.sait ?? '',
    city: citySuggestion(record.gorod),
    address: address ? { value: address, data: {} } : null,
    phone: (phone && parseE164(phone)) || noPhone,
    ...contactValues(record),
    bank: record.bank ?? '',
    bic: record.bic ?? '',
    bankAccount: record.bank_account ?? '',
    correspondentAccount: record.correspondent_account ?? '',
    logo: record.logo?.[0] ?? null,
  };
}

type ClearableField = OrganizationUpdateContext['fieldsForClear'][number];

/** Form fields the update context may empty, by the context's name. */
const clearable: readonly [keyof OrganizationFormOutput, ClearableField][] = [
  ['site', 'sait'],
  ['phone', 'contact_phone'],
  ['email', 'email'],
  ['vkLink', 'vk_link'],
  ['bank', 'bank'],
  ['bic', 'bic'],
  ['bankAccount', 'bank_account'],
  ['correspondentAccount', 'correspondent_account'],
  ['logo', 'logo'],
];

const isEmpty = (value: unknown) => value === '' || value === null;

/**
 * Spec §7 organization update context: every field of the form; a field the record held and the form emptied is
 * named in `fieldsForClear`.
 */
export function organizationUpdateContext(
  record: OrganizationFormRecord,
  form: OrganizationFormOutput,
): OrganizationUpdateContext {
  const before = organizationFormValues(record);
  const fieldsForClear = clearable
    .filter(([field]) => {
      const was = field === 'phone' ? before.phone.digits : before[field];
      return !isEmpty(was) && isEmpty(form[field]);
    })
    .map(([, name]) => name);
  return {
    contractortype: 'organization',
    is_need_update_sportsman: true,
    id: record.__id,
    organisation_name: form.name,
    gorod: form.city,
    fakti_address: form.address,
    ...(form.site !== '' && { sait: form.site }),
    ...(form.phone !== '' && { contact_phone: [{ type: 'main', tel: form.phone }] }),
    ...(form.email !== '' && { email: [{ type: 'main', email: form.email }] }),
    ...(form.vkLink !== '' && { vk_link: form.vkLink }),
    vk_link_available: form.vkLinkAvailable,
    ...(form.bank !== '' && { bank: form.bank }),
    ...(form.bic !== '' && { bic: form.bic }),
    ...(form.bankAccount !== '' && { bank_account: form.bankAccount }),
    ...(form.correspondentAccount !== '' && { correspondent_account: form.correspondentAccount }),
    ...(form.logo !== null && { logo: [form.logo] }),
    fieldsForClear,
  };
}

/** The club's profile form: the organization update context, the logo. */
export const organizationProfileForm: ProfileFormKind<
  OrganizationFormValues,
  OrganizationFormOutput,
  OrganizationFormRecord
> = {
  createSchema: createOrganizationFormSchema,
  toValues: organizationFormValues,
  toContext: organizationUpdateContext,
  apiFields: {
    'context.organisation_name': 'name',
    'context.sait': 'site',
    'context.gorod': 'city',
    'context.fakti_address': 'address',
    'context.contact_phone': 'phone',
    'context.contact_phone.0.tel': 'phone',
    'context.email': 'email',
    'context.email.0.email': 'email',
    'context.vk_link': 'vkLink',
    'context.bank': 'bank',
    'context.bic': 'bic',
    'context.bank_account': 'bankAccount',
    'context.correspondent_account': 'correspondentAccount',
    'context.logo': 'logo',
  },
  savedText: 'Профиль организации сохранён',
  picture: { field: 'logo', legend: 'Логотип', purpose: 'logo', label: 'Новый логотип' },
};
