/**
 * Majority, as both sides count it: the api's answer filter (who is a minor) and the platform (who needs a
 * legal representative to enter a competition).
 */

export const AGE_OF_MAJORITY = 18;

/** Full years between a birth date and a moment (the birthday itself counts). */
export function fullYears(dateOfBirth: string, on: Date): number {
  const birth = new Date(dateOfBirth);
  let years = on.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    on.getUTCMonth() < birth.getUTCMonth() ||
    (on.getUTCMonth() === birth.getUTCMonth() && on.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}
