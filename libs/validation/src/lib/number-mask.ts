/**
 * Spec §5 number mask: decimal comma, two decimals. The object is shaped as react-number-format's
 * `NumericFormat` props so the UI kit can spread it; a point typed by habit is read as the comma. The thousands
 * separator is a no-break space (U+00A0), the one `Intl.NumberFormat('ru')` groups with: a sum never breaks
 * inside its number on a narrow screen («2 / 500 ₽»).
 */
export const NUMBER_MASK_SETTINGS = {
  decimalSeparator: ',',
  decimalScale: 2,
  thousandSeparator: '\u00a0',
  allowedDecimalSeparators: ['.', ','],
} as const satisfies {
  decimalSeparator: string;
  decimalScale: number;
  thousandSeparator: string;
  allowedDecimalSeparators: readonly string[];
};

const GROUP_EVERY_THREE_DIGITS = /\B(?=(\d{3})+(?!\d))/g;

// From here on `toFixed` switches to exponent notation, which the mask cannot show.
const LARGEST_PLAIN_NUMBER = 1e21;

/**
 * Shows a number the way the mask shows it: `1234.5` → '1 234,5' (a no-break space between the groups). Rounds to the mask's decimals and
 * drops trailing zeros, as `NumericFormat` does for a numeric value without `fixedDecimalScale`.
 * Non-finite and astronomically large numbers give '' because the mask has no way to show them.
 */
export function formatNumber(
  value: number,
  decimalScale: number = NUMBER_MASK_SETTINGS.decimalScale,
): string {
  if (!Number.isFinite(value) || Math.abs(value) >= LARGEST_PLAIN_NUMBER) return '';
  const fixed = Math.abs(value).toFixed(decimalScale);
  const [integerPart = '0', fractionPart = ''] = fixed.split('.');
  const fraction = fractionPart.replace(/0+$/, '');
  const negative = value < 0 && /[1-9]/.test(fixed);
  const grouped = integerPart.replace(GROUP_EVERY_THREE_DIGITS, NUMBER_MASK_SETTINGS.thousandSeparator);
  return `${negative ? '-' : ''}${grouped}${fraction ? NUMBER_MASK_SETTINGS.decimalSeparator + fraction : ''}`;
}

const MASKED_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * Reads what the mask shows (or what a user typed) back into a number: '1 234,5' → 1234.5.
 * Any whitespace counts as a thousands separator, since Intl and copy-paste bring no-break spaces.
 * Returns null for anything that is not one number.
 */
export function parseNumber(text: string): number | null {
  const compact = text.replace(/\s/g, '');
  if (!MASKED_NUMBER.test(compact)) return null;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

const CURRENCY_SIGNS: Readonly<Record<string, string>> = { RUB: '₽' };

/**
 * An amount of money the way the portal shows every price: `{cents: 150000, currency: 'RUB'}` → «1 500 ₽»,
 * kopecks only when there are some («1 500,50 ₽»), grouped as the number mask groups, the sign kept on the
 * same line (a no-break space). Amounts come in the platform's and the orders API's whole kopecks.
 */
export function formatMoney({ cents, currency }: { cents: number; currency: string }): string {
  const whole = cents % 100 === 0;
  const amount = formatNumber(cents / 100, whole ? 0 : 2);
  const padded = whole || /,\d{2}$/.test(amount) ? amount : `${amount}0`;
  return `${padded}\u00a0${CURRENCY_SIGNS[currency] ?? currency}`;
}
