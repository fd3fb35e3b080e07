/**
 * Typing through a fixed pattern (spec §5: the phone by country, DD.MM.YYYY). `#` holds one digit; any other
 * character of the pattern is shown as it stands. Kept apart from the text box so that whatever edit an engine
 * makes (a key, a deletion over a bracket, a paste, an autofill, a replaced selection) comes down to one rule.
 */

/** What a slot shows until its digit is typed. */
export const MASK_GAP = '_';
const DIGIT_SLOT = '#';

/** The positions of the pattern's digit slots. */
function slotsOf(pattern: string): number[] {
  const slots: number[] = [];
  for (let index = 0; index < pattern.length; index += 1)
    if (pattern[index] === DIGIT_SLOT) slots.push(index);
  return slots;
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** How many digits the pattern holds. */
export function patternCapacity(pattern: string): number {
  return slotsOf(pattern).length;
}

/**
 * The box's text for the digits: the pattern with the digits in its first slots and `_` in the rest; nothing for
 * no digits, so that the placeholder shows.
 */
export function showPattern(pattern: string, digits: string): string {
  if (digits === '') return '';
  let next = 0;
  let shown = '';
  for (const char of pattern) {
    if (char !== DIGIT_SLOT) shown += char;
    else shown += digits[next++] ?? MASK_GAP;
  }
  return shown;
}

/** The caret after `count` digits: right behind the last of them, or, `ahead`, at the next digit's slot. */
function caretAfter(pattern: string, count: number, ahead: boolean): number {
  if (count === 0) return 0;
  const slots = slotsOf(pattern);
  if (ahead) return slots[count] ?? pattern.length;
  return (slots[count - 1] ?? pattern.length - 1) + 1;
}

/** The farthest the caret may stand: the next slot to type into (a caret in the gaps beyond it types nowhere). */
export function caretLimit(pattern: string, digits: string): number {
  return caretAfter(pattern, digits.length, true);
}

export interface PatternEdit {
  /** The digits and the text the box held before the edit. */
  digits: string;
  shown: string;
  /** The box's text after the engine made the edit, and the caret in it. */
  text: string;
  caret: number;
  /** The input event's `inputType`; without it, a shorter text is read as a deletion. */
  inputType?: string;
  /**
   * More digits than the pattern holds, pasted or filled in at once: which of them the field keeps (a phone drops
   * its dial code); the first ones by default.
   */
  fit?: (digits: string) => string;
}

export interface PatternEntry {
  digits: string;
  caret: number;
}

function withoutDigitAt(digits: string, index: number): string {
  return digits.slice(0, index) + digits.slice(index + 1);
}

/** The digits an edit leaves, and where the caret goes in the text they show. */
export function readPatternEdit(pattern: string, edit: PatternEdit): PatternEntry {
  const capacity = patternCapacity(pattern);
  const textDigits = digitsOf(edit.text);
  const digitsBeforeCaret = digitsOf(edit.text.slice(0, edit.caret)).length;
  const deleting = edit.inputType?.startsWith('delete') ?? edit.text.length < edit.shown.length;
  const entry = (digits: string, count: number, ahead: boolean): PatternEntry => ({
    digits,
    caret: digits === '' ? 0 : caretAfter(pattern, Math.min(count, digits.length), ahead),
  });

  if (deleting) {
    // One bracket, dot or gap deleted: the digit beside it goes instead, as the key means to the person pressing it.
    const oneLiteralDeleted = textDigits === edit.digits && edit.text.length === edit.shown.length - 1;
    if (
      oneLiteralDeleted &&
      edit.inputType === 'deleteContentForward' &&
      digitsBeforeCaret < edit.digits.length
    ) {
      return entry(withoutDigitAt(edit.digits, digitsBeforeCaret), digitsBeforeCaret, false);
    }
    if (oneLiteralDeleted && edit.inputType !== 'deleteContentForward' && digitsBeforeCaret > 0) {
      return entry(withoutDigitAt(edit.digits, digitsBeforeCaret - 1), digitsBeforeCaret - 1, false);
    }
    return entry(textDigits.slice(0, capacity), digitsBeforeCaret, false);
  }

  if (textDigits.length <= capacity) return entry(textDigits, digitsBeforeCaret, true);
  // A key pressed in a full box is refused rather than pushing the last digit out.
  const oneCharTyped = edit.text.length === edit.shown.length + 1 && edit.inputType !== 'insertFromPaste';
  if (oneCharTyped) return entry(edit.digits, digitsBeforeCaret - 1, false);
  const fitted = (edit.fit?.(textDigits) ?? textDigits).slice(0, capacity);
  return entry(fitted, fitted.length, true);
}
