export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec §2: how the add-account dialog names the genders. */
export const GENDER_LABELS: Readonly<Record<Gender, string>> = { male: 'Мужской', female: 'Женский' };
