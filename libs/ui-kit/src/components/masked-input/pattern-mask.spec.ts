import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caretLimit, patternCapacity, readPatternEdit, showPattern } from './pattern-mask';

const PHONE = '(###) ###-##-##';
const DATE = '##.##.####';

/** What an engine does to the box's text for a key at a collapsed caret, as the input event then reports it. */
function press(shown: string, caret: number, key: string) {
  if (key === 'Backspace') {
    if (caret === 0) return null;
    return {
      text: shown.slice(0, caret - 1) + shown.slice(caret),
      caret: caret - 1,
      inputType: 'deleteContentBackward',
    };
  }
  if (key === 'Delete') {
    if (caret >= shown.length) return null;
    return { text: shown.slice(0, caret) + shown.slice(caret + 1), caret, inputType: 'deleteContentForward' };
  }
  return {
    text: shown.slice(0, caret) + key + shown.slice(caret),
    caret: caret + 1,
    inputType: 'insertText',
  };
}

/** Types the keys into an empty box, each at the caret the last edit left. */
function typeKeys(pattern: string, keys: string[]) {
  let digits = '';
  let caret = 0;
  for (const key of keys) {
    const shown = showPattern(pattern, digits);
    const edited = press(shown, Math.min(caret, caretLimit(pattern, digits)), key);
    if (edited === null) continue;
    ({ digits, caret } = readPatternEdit(pattern, { digits, shown, ...edited }));
  }
  return { digits, caret, shown: showPattern(pattern, digits) };
}

describe('showPattern', () => {
  it('puts the digits in the slots and gaps after them, and nothing for no digits', () => {
    expect(showPattern(PHONE, '916')).toBe('(916) ___-__-__');
    expect(showPattern(PHONE, '9161234567')).toBe('(916) 123-45-67');
    expect(showPattern(DATE, '0503')).toBe('05.03.____');
    expect(showPattern(DATE, '')).toBe('');
  });

  it('keeps the pattern whatever digits fill it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,10}$/), (digits) => {
        const shown = showPattern(PHONE, digits);
        expect(shown).toHaveLength(PHONE.length);
        expect(shown.replace(/\D/g, '')).toBe(digits);
        expect(shown.replace(/\d/g, '#').replace(/_/g, '#')).toBe(PHONE);
      }),
    );
  });
});

describe('readPatternEdit', () => {
  it('types digits from slot to slot, skipping the brackets and the dots', () => {
    expect(typeKeys(PHONE, [...'916'])).toEqual({ digits: '916', caret: 6, shown: '(916) ___-__-__' });
    expect(typeKeys(DATE, [...'05'])).toEqual({ digits: '05', caret: 3, shown: '05.__.____' });
  });

  it('ignores letters and refuses a key in a full box', () => {
    expect(typeKeys(DATE, [...'05а0320121']).shown).toBe('05.03.2012');
    expect(typeKeys(PHONE, [...'91612345678']).digits).toBe('9161234567');
  });

  it('takes the digit before a bracket or a dot that Backspace reaches, and the one after for Delete', () => {
    // The caret waits at the next slot: Backspace there meets the space after ')' and takes the 6.
    const typed = typeKeys(PHONE, [...'916']);
    const back = press(typed.shown, typed.caret, 'Backspace');
    expect(back).not.toBeNull();
    if (back === null) return;
    expect(readPatternEdit(PHONE, { digits: typed.digits, shown: typed.shown, ...back })).toEqual({
      digits: '91',
      caret: 3,
    });

    const shown = showPattern(DATE, '0503');
    const forward = press(shown, 2, 'Delete');
    expect(forward).not.toBeNull();
    if (forward === null) return;
    expect(readPatternEdit(DATE, { digits: '0503', shown, ...forward })).toEqual({ digits: '053', caret: 2 });
  });

  it('empties the box when the last digit goes', () => {
    expect(typeKeys(PHONE, ['9', 'Backspace'])).toEqual({ digits: '', caret: 0, shown: '' });
  });

  it('reads a whole number pasted or filled in, through the field’s fit', () => {
    const dropDialCode = (digits: string) =>
      digits.length === 11 && digits.startsWith('7') ? digits.slice(1) : digits;
    expect(
      readPatternEdit(PHONE, {
        digits: '',
        shown: '',
        text: '+7 916 123-45-67',
        caret: 16,
        inputType: 'insertFromPaste',
        fit: dropDialCode,
      }),
    ).toEqual({ digits: '9161234567', caret: PHONE.length });
    // An autofill reports no input type: more digits than fit, kept from the first.
    expect(readPatternEdit(DATE, { digits: '', shown: '', text: '050320121999', caret: 12 })).toEqual({
      digits: '05032012',
      caret: DATE.length,
    });
  });

  it('reads a replaced selection and a cleared box', () => {
    const shown = showPattern(PHONE, '9161234567');
    expect(
      readPatternEdit(PHONE, { digits: '9161234567', shown, text: '8', caret: 1, inputType: 'insertText' }),
    ).toEqual({
      digits: '8',
      caret: 2,
    });
    expect(
      readPatternEdit(PHONE, {
        digits: '9161234567',
        shown,
        text: '',
        caret: 0,
        inputType: 'deleteContentBackward',
      }),
    ).toEqual({
      digits: '',
      caret: 0,
    });
  });

  it('keeps any run of keys to digits that fit, shown in the pattern, the caret inside the text', () => {
    const keys = fc.array(fc.constantFrom('0', '5', '9', 'x', ' ', 'Backspace', 'Delete'), { maxLength: 30 });
    fc.assert(
      fc.property(fc.constantFrom(PHONE, DATE, '(##) ###-###'), keys, (pattern, pressed) => {
        const typed = typeKeys(pattern, pressed);
        expect(typed.digits).toMatch(/^\d*$/);
        expect(typed.digits.length).toBeLessThanOrEqual(patternCapacity(pattern));
        expect(typed.caret).toBeGreaterThanOrEqual(0);
        expect(typed.caret).toBeLessThanOrEqual(typed.shown.length);
        expect(typed.shown.replace(/\D/g, '')).toBe(typed.digits);
      }),
    );
  });

  it('adds a typed digit at the caret and Backspace takes back exactly the one before it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,9}$/), fc.constantFrom(...'0123456789'), (digits, digit) => {
        const shown = showPattern(PHONE, digits);
        const typed = press(shown, caretLimit(PHONE, digits), digit);
        if (typed === null) return;
        const after = readPatternEdit(PHONE, { digits, shown, ...typed });
        expect(after.digits).toBe(digits + digit);
        const back = press(showPattern(PHONE, after.digits), after.caret, 'Backspace');
        if (back === null) return;
        expect(
          readPatternEdit(PHONE, { digits: after.digits, shown: showPattern(PHONE, after.digits), ...back })
            .digits,
        ).toBe(digits);
      }),
    );
  });
});
