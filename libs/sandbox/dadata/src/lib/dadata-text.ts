/** Lower case, `ё` read as `е`, anything but letters and digits is a word break: how the twin compares text. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The distinct normalized words of a text, in order of appearance. */
export function wordsOf(text: string): string[] {
  const normalized = normalizeText(text);
  return normalized === '' ? [] : [...new Set(normalized.split(' '))];
}
