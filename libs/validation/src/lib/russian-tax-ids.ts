/**
 * Check digits of Russian taxpayer (INN) and registration (OGRN, OGRNIP) numbers, as the Federal Tax Service
 * defines them: the auth server validates an organization's INN with them, the DaData twin makes its demo
 * companies' numbers with them.
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_FIRST_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_SECOND_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function weightedCheckDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return (sum % 11) % 10;
}

/** True for a 10-digit INN of a legal entity or a 12-digit INN of a person whose check digits agree. */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) {
    return weightedCheckDigit(inn, INN10_WEIGHTS) === Number(inn[9]);
  }
  if (/^\d{12}$/.test(inn)) {
    return (
      weightedCheckDigit(inn, INN12_FIRST_WEIGHTS) === Number(inn[10]) &&
      weightedCheckDigit(inn, INN12_SECOND_WEIGHTS) === Number(inn[11])
    );
  }
  return false;
}

/** Completes the first 9 (legal entity) or 10 (person) digits of an INN with its check digits. */
export function completeInn(prefix: string): string {
  if (/^\d{9}$/.test(prefix)) {
    return `${prefix}${weightedCheckDigit(prefix, INN10_WEIGHTS)}`;
  }
  if (/^\d{10}$/.test(prefix)) {
    const eleven = `${prefix}${weightedCheckDigit(prefix, INN12_FIRST_WEIGHTS)}`;
    return `${eleven}${weightedCheckDigit(eleven, INN12_SECOND_WEIGHTS)}`;
  }
  throw new Error('An INN prefix has 9 digits (legal entity) or 10 digits (person)');
}

/** OGRN (13 digits, legal entity): the 13th digit is the first 12 taken mod 11, then mod 10. */
export function isValidOgrn(ogrn: string): boolean {
  if (!/^\d{13}$/.test(ogrn)) return false;
  return Number(BigInt(ogrn.slice(0, 12)) % 11n) % 10 === Number(ogrn[12]);
}

/** OGRNIP (15 digits, sole trader): the 15th digit is the first 14 taken mod 13, then mod 10. */
export function isValidOgrnip(ogrnip: string): boolean {
  if (!/^\d{15}$/.test(ogrnip)) return false;
  return Number(BigInt(ogrnip.slice(0, 14)) % 13n) % 10 === Number(ogrnip[14]);
}

/** Completes the first 12 (OGRN) or 14 (OGRNIP) digits with the check digit. */
export function completeOgrn(prefix: string): string {
  if (/^\d{12}$/.test(prefix)) return `${prefix}${Number(BigInt(prefix) % 11n) % 10}`;
  if (/^\d{14}$/.test(prefix)) return `${prefix}${Number(BigInt(prefix) % 13n) % 10}`;
  throw new Error('An OGRN prefix has 12 digits (OGRN) or 14 digits (OGRNIP)');
}
