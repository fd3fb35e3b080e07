/**
 * A wait as people read it after «Повторите через»: `45 с`, `5 мин`, `3 ч` (rounded up), so a 429's
 * message says the same as its `Retry-After` header.
 */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} с`;
  if (whole < 3600) return `${Math.ceil(whole / 60)} мин`;
  return `${Math.ceil(whole / 3600)} ч`;
}
