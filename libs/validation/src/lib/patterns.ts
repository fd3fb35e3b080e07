// Russian and Latin letters only: names come from passports, and Ё is not inside А–я.
const LETTERS = 'A-Za-zА-Яа-яЁё';

/** A personal name: Cyrillic or Latin letters, hyphen and space ('Анна-Мария', 'Ван Дамм'). */
export const NAME_PATTERN = new RegExp(`^[${LETTERS} -]+$`);

/** A name that may carry initials or abbreviations: also dots ('А. С. Пушкин'). */
export const NAME_WITH_DOTS_PATTERN = new RegExp(`^[${LETTERS} .-]+$`);

/** A single word of letters, hyphen allowed ('Римский-Корсаков'). */
export const LETTERS_AND_HYPHEN_PATTERN = new RegExp(`^[${LETTERS}-]+$`);

/**
 * A free-text title (event, organization): any printable text with at least one letter or digit,
 * so that quotes, '№', '&' and foreign words are fine but a title of dashes, control characters or
 * broken UTF-16 (a lone surrogate) is not.
 */
export const TITLE_PATTERN = /^(?=.*[\p{L}\p{N}])[^\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]+$/u;

/**
 * Text a person can type, whatever its letters: no control characters (line breaks, NUL), no private-use or
 * unassigned code points, no broken UTF-16 (a lone surrogate). The empty text passes.
 */
export const TYPED_TEXT_PATTERN = /^[^\p{Cc}\p{Co}\p{Cn}\p{Cs}]*$/u;

/**
 * A place name as address suggestions give it ('Ростов-на-Дону', 'пгт Красная Поляна', 'Орехово-Зуево'):
 * letters, digits, spaces and punctuation, at least one letter; no markup signs, no line breaks.
 */
export const PLACE_NAME_PATTERN = new RegExp(`^(?=.*[${LETTERS}])[${LETTERS}0-9 \\p{P}]+$`, 'u');

/**
 * A VK-style social-network profile: http or https, vk.com (or vk.ru, m./www.), then `id123`,
 * `club123`, `public123` or a free-form short name, with an optional trailing slash.
 */
export const SOCIAL_PROFILE_URL_PATTERN =
  /^https?:\/\/(?:(?:www|m)\.)?vk\.(?:com|ru)\/(?:id\d+|club\d+|public\d+|[A-Za-z0-9_.]+)\/?$/;

/** Letters, spaces and punctuation (a description without figures). */
export const TEXT_PATTERN = new RegExp(`^[${LETTERS}\\s\\p{P}]+$`, 'u');

/** Letters, digits, spaces and punctuation (an address line, a bank name). */
export const TEXT_WITH_DIGITS_PATTERN = new RegExp(`^[${LETTERS}0-9\\s\\p{P}]+$`, 'u');
