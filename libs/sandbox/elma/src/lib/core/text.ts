/** Lower-cases for search the way people type: `ё` equals `е`. */
export function normalizeSearch(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').trim();
}
