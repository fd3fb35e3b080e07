/**
 * Spec §5 number mask: decimal comma, two decimals; a point typed by habit is read as the comma. The thousands
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
 * drops trailing zeros.
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
