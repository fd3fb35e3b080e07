import {
  requestStateNames,
  type ApplicationEligibility,
  type EligibilityReason,
  type RequestState,
  type RequestView,
} from '@fed/contracts';
import { validationMessages, zodRules } from '@fed/validation';
import { z } from 'zod';
import { formatDeadline, isAhead } from '@fed/ui-kit';

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

/** States in which the athlete may still change an application. */
export const EDITABLE_REQUEST_STATES: readonly RequestState[] = ['new', 'returned'];

const lockedBecause: Partial<Record<RequestState, string>> = {
  under_review:
    'Заявка на рассмотрении у организатора. Изменить её можно будет, если организатор вернёт её на доработку.',
  approved: 'Заявка одобрена организатором, изменить её больше нельзя.',
  paid: 'Заявка одобрена и оплачена, изменить её больше нельзя.',
  rejected: 'Заявка отклонена организатором, изменить её нельзя.',
  cancelled: 'Заявка отменена, изменить её нельзя.',
};

export type Editability = { editable: true } | { editable: false; reason: string };

/** Whether an application can be changed now: in an editable state and before the registration deadline. */
export function requestEditability(
  request: Pick<RequestView, 'requestState' | 'registrationDeadline'>,
  now: Date = new Date(),
): Editability {
  if (!EDITABLE_REQUEST_STATES.includes(request.requestState)) {
    return {
      editable: false,
      reason:
        lockedBecause[request.requestState] ??
        `Заявку в статусе «${requestStateNames[request.requestState]}» изменить нельзя.`,
    };
  }
  if (!request.registrationDeadline || !isAhead(request.registrationDeadline, now)) {
    return {
      editable: false,
      reason: request.registrationDeadline
        ? `Приём заявок закрыт ${formatDeadline(request.registrationDeadline)}, изменить заявку больше нельзя.`
        : 'Приём заявок закрыт, изменить заявку больше нельзя.',
    };
  }
  return { editable: true };
}

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
