import { formatNumber } from './number-format';

/**
 * Every user-facing validation message, worded exactly as spec §5 has them.
 * 'Минимум N символов' keeps the spec's fixed genitive plural on purpose: the spec fixes the wording,
 * so it is not run through `pluralRu`.
 */
export const validationMessages = {
  required: 'Поле обязательно',
  email: 'Неверный формат почты',
  min: (n: number): string => `Минимум ${n} символов`,
  max: (n: number): string => `Максимум ${n} символов`,
  // The limit is shown the way the number mask shows numbers, so '1,5' reads like what the user typed.
  minValue: (n: number): string => `Минимальное значение - ${formatNumber(n)}`,
  maxValue: (n: number): string => `Максимальное значение - ${formatNumber(n)}`,
  phone: 'Неверный формат телефона',
  datePast: 'Дата не может быть в прошлом',
  dateFuture: 'Дата не может быть в будущем',
  fileFormat: 'Неверный формат файла',
  url: 'Неверный формат ссылки',
  cityRequired: 'Не указан населённый пункт',
  /** Not in the spec's catalogue: a DD.MM.YYYY entry that is incomplete or names no real day. */
  dateFormat: 'Неверный формат даты',
  /** Not in the spec's catalogue: a personal name outside the name pattern (letters, hyphen, space). */
  name: 'Только буквы, пробел и дефис',
  /** Not in the spec's catalogue: a city or settlement name with signs no place name has. */
  placeName: 'Только буквы, цифры, пробел и знаки препинания',
  /** Spec §5 fallback, used when a rule fails and has no message of its own. */
  fallback: (field: string): string => `${field} is not valid.`,
} as const;

/** The field name the fallback message uses when the caller names none. */
export const DEFAULT_FIELD_NAME = 'This field';
