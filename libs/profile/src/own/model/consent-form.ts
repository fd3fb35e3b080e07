import { z } from 'zod';
import { publishConsentParts, type PublishConsent, type PublishConsentPart } from '@fed/contracts';

/** The parts of a profile others may see only by the person's (a minor's parent's) choice. */
export const consentPartLabels: Record<PublishConsentPart, string> = {
  photo: 'Фотография',
  birthYear: 'Год рождения (без дня и месяца)',
  city: 'Город',
  results: 'Участие в соревнованиях и результаты',
};

export type ConsentFormValues = Record<PublishConsentPart, boolean>;

export const consentFormSchema: z.ZodType<ConsentFormValues, ConsentFormValues> = z.object({
  photo: z.boolean(),
  birthYear: z.boolean(),
  city: z.boolean(),
  results: z.boolean(),
});

/** What was chosen last; nothing chosen yet publishes nothing, so every box starts empty (a minor's too). */
export function consentFormValues(consent: PublishConsent | null | undefined): ConsentFormValues {
  return Object.fromEntries(
    publishConsentParts.map((part) => [part, consent?.[part] === true]),
  ) as ConsentFormValues;
}
