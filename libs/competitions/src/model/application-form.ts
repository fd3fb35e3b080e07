import type { ApplicationEligibility, EligibilityReason } from '@fed/contracts';
import { validationMessages, zodRules } from '@fed/validation';
import { z } from 'zod';

/** The platform takes at most this many programs in one application. */
export const MAX_PROGRAMS = 10;
const COACH_MAX = 200;

/**
 * The apply and edit form. `acceptOffer` must be ticked to apply; a change of an application keeps the
 * agreement given when it was made.
 */
export function applicationFormSchema({ requireOffer }: { requireOffer: boolean }) {
  return z.object({
    programIds: z
      .array(z.string())
      .min(1, 'Выберите хотя бы одну программу')
      .max(MAX_PROGRAMS, `Можно выбрать не больше ${MAX_PROGRAMS} программ`),
    coach: z.string().superRefine(zodRules([['max', { n: COACH_MAX }]])),
    acceptOffer: requireOffer
      ? z.boolean().refine((accepted) => accepted, validationMessages.required)
      : z.boolean(),
  });
}

export type ApplicationFormValues = z.input<ReturnType<typeof applicationFormSchema>>;

/** What the platform gets for the coach: trimmed text, or null for none. */
export const coachOrNull = (coach: string) => coach.trim() || null;

/** Whether one program may be chosen, and why not. */
export interface ProgramChoice {
  eligible: boolean;
  reasons: EligibilityReason[];
}

/** The eligibility of each program by id; programs the answer does not list are left to the platform. */
export function programChoices(eligibility: ApplicationEligibility | undefined): Map<string, ProgramChoice> {
  return new Map(
    (eligibility?.programs ?? []).map((program) => [
      program.programId,
      { eligible: program.eligible, reasons: program.reasons },
    ]),
  );
}

/** Reasons that concern an application being changed: it already holds its place and is the one applied. */
export function reasonsAgainstChange(eligibility: ApplicationEligibility | undefined): EligibilityReason[] {
  return (eligibility?.reasons ?? []).filter(
    (reason) => reason.code !== 'already_applied' && reason.code !== 'no_places',
  );
}

// Kept apart, without zod: the event page says whether an application may change (ADR 0005).
export { EDITABLE_REQUEST_STATES, requestEditability, type Editability } from './request-editability';

/**
 * Programs the athlete may choose (or already holds) before the closed ones, each part in its given order: on a
 * phone the open programs are what the athlete scrolls for.
 */
export function openProgramsFirst<T extends { __id: string }>(
  programs: readonly T[],
  choices: ReadonlyMap<string, ProgramChoice>,
  heldProgramIds: readonly string[] = [],
): T[] {
  const isOpen = (program: T) =>
    heldProgramIds.includes(program.__id) || (choices.get(program.__id)?.eligible ?? true);
  return [...programs.filter(isOpen), ...programs.filter((program) => !isOpen(program))];
}
