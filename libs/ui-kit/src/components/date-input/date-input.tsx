import { DATE_MASK_PATTERN } from '@fed/validation';
import { MaskedField, MaskedFieldControl, type MaskedFieldProps } from '../masked-input/masked-input';
import { patternCapacity } from '../masked-input/pattern-mask';
import type { ValueChange } from '../submit-form/form-field';

const DATE_HINT = 'ДД.ММ.ГГГГ';
/** How many digits the mask holds: a date with all of them is typed to the end. */
const DATE_DIGITS = patternCapacity(DATE_MASK_PATTERN);

export interface DateInputProps extends MaskedFieldProps {
  /** The typed date as `DD.MM.YYYY` (partly typed: with `_` in the gaps), or `''`. */
  value: string;
  /** With `{ committed: true }` once the last digit is in: a whole date is a value given, a form checks it then. */
  onChange: (value: string, change: ValueChange) => void;
}

/**
 * Date typed through the DD.MM.YYYY mask of spec §5. Whether it is a real date is the form's rule
 * (the validation lib's parser), not the input's: the input only shapes the typing.
 */
export function DateInput({ label, id, hint, value, onChange, ...control }: DateInputProps) {
  const shownHint = hint ?? DATE_HINT;
  return (
    <MaskedField label={label} id={id} hint={shownHint} error={control.error} required={control.required}>
      {(controlId) => (
        <MaskedFieldControl
          {...control}
          controlId={controlId}
          hint={shownHint}
          inputMode="numeric"
          autoComplete="off"
          pattern={DATE_MASK_PATTERN}
          placeholder={DATE_HINT}
          digits={value.replace(/\D/g, '')}
          onDigitsChange={(digits, shown) => onChange(shown, { committed: digits.length === DATE_DIGITS })}
        />
      )}
    </MaskedField>
  );
}
