import type { GenderCode } from './records';

/**
 * Fixed catalogues of the competitions domain, shared by the platform twin (which seeds and checks them)
 * and the portal (filters, the creation form). The real platform keeps them as category fields.
 */

/** The codes of a catalogue, as the non-empty tuple `z.enum` takes. */
function codesOf<Code extends string>(catalogue: Readonly<Record<Code, unknown>>): [Code, ...Code[]] {
  return Object.keys(catalogue) as [Code, ...Code[]];
}

export const disciplines = {
  kumite: 'Кумитэ',
  kata: 'Ката',
  kata_team: 'Ката командное',
  kumite_team: 'Кумитэ командное',
} as const;
export type DisciplineCode = keyof typeof disciplines;
export const disciplineCodes = codesOf(disciplines);

export const levels = {
  city: 'Городское',
  regional: 'Региональное',
  federal_district: 'Окружное',
  national: 'Всероссийское',
  international: 'Международное',
} as const;
export type LevelCode = keyof typeof levels;
export const levelCodes = codesOf(levels);

/** Program types; `gender` true means the program is held separately for men and women. */
export const programTypes = {
  individual: { name: 'Личная программа' },
  team: { name: 'Командная программа' },
} as const;
export type ProgramTypeCode = keyof typeof programTypes;
export const programTypeCodes = codesOf(programTypes);

/**
 * The name a program gets on the platform: discipline, who (men/women from 18, boys/girls below), the age
 * class and the weight category, e.g. «Кумитэ, юноши, юноши и девушки 12–13 лет, −45 кг».
 */
export function programDisplayName(program: {
  discipline: DisciplineCode;
  gender: GenderCode | null;
  ageClass: { nazvanie: string; age_from?: number | null };
  weightCategory?: string | null;
}): string {
  const adult = (program.ageClass.age_from ?? 18) >= 18;
  const who =
    program.gender === 'male'
      ? adult
        ? 'мужчины'
        : 'юноши'
      : program.gender === 'female'
        ? adult
          ? 'женщины'
          : 'девушки'
        : '';
  return [
    disciplines[program.discipline],
    who,
    program.ageClass.nazvanie.toLowerCase(),
    program.weightCategory,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Documents an organizer submits for a competition, reviewed by the federation on the platform. */
export const competitionDocumentKinds = {
  regulations: 'Положение о соревнованиях',
  permit: 'Разрешение на проведение',
  insurance: 'Страховой полис',
  medical: 'Договор на медицинское обеспечение',
  other: 'Другой документ',
} as const;
export type CompetitionDocumentKind = keyof typeof competitionDocumentKinds;
export const competitionDocumentKindCodes = codesOf(competitionDocumentKinds);

/** Review states of a submitted document: submitted → accepted | returned (with a reason) → resubmitted. */
export const competitionDocumentStates = ['submitted', 'accepted', 'returned'] as const;
export type CompetitionDocumentState = (typeof competitionDocumentStates)[number];
export const competitionDocumentStateNames: Record<CompetitionDocumentState, string> = {
  submitted: 'На проверке',
  accepted: 'Принят',
  returned: 'Возвращён на доработку',
};

/** File types the portal uploads: posters are images, documents PDF or images. */
export const posterMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const documentMimeTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Largest upload accepted (bytes). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
