import { DATE_MASK_PATTERN } from '@fed/validation';
import { MaskedField, MaskedFieldControl, type MaskedFieldProps } from '../masked-input/masked-input';

const DATE_HINT = 'ДД.ММ.ГГГГ';

export interface DateInputProps extends MaskedFieldProps {
  /** The typed date as `DD.MM.YYYY` (partly typed: with `_` in the gaps), or `''`. */
  value: string;
  onChange: (value: string) => void;
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
          format={DATE_MASK_PATTERN}
          placeholder={DATE_HINT}
          value={value}
          onValueChange={(values) => {
            const next = values.value === '' ? '' : values.formattedValue;
            if (next !== value) onChange(next);
          }}
        />
      )}
    </MaskedField>
  );
}
