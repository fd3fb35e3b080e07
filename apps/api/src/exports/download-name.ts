/**
 * File names of downloads: the Russian name a browser saves (`filename*`, RFC 5987) and a readable ASCII one
 * for clients that take only `filename` — transliterated, not a row of underscores.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const NOT_IN_FILE_NAMES = /[\u0000-\u001f\u007f\\/:*?"<>|]+/g;

/** A name any file system takes: no path or reserved characters, no spaces at its ends, at most `max` chars. */
export function safeFileName(name: string, max = 150): string {
  const cleaned = name.replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim();
  return cleaned.slice(0, max).trim() || 'file';
}

/** Russian letters in Latin ones (the passport rules of 2014, ICAO Doc 9303), in the alphabet's order. */
const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
const LATIN_OF = 'a b v g d e e zh z i i k l m n o p r s t u f kh ts ch sh shch ie y _ e iu ia'.split(' ');
const LATIN = new Map(
  [...CYRILLIC].map((letter, index) => [letter, LATIN_OF[index] === '_' ? '' : LATIN_OF[index]]),
);

/** Lower-case ASCII words joined by hyphens, at most `max` characters: «Кубок клуба» → «kubok-kluba». */
export function asciiSlug(text: string, max = 60): string {
  const latin = [...text.toLowerCase()].map((char) => LATIN.get(char) ?? char).join('');
  const slug = latin
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '');
}
