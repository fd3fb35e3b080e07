import { useId, type FocusEventHandler, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import controlStyles from '../field/control.module.css';
import { Field, fieldDescribedBy } from '../field/field';
import { caretLimit, readPatternEdit, showPattern } from './pattern-mask';

/** What every masked field of the kit takes besides its value (spec §5: the phone by country, DD.MM.YYYY). */
export interface MaskedFieldProps {
  label: ReactNode;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

export interface MaskedFieldControlProps extends Omit<MaskedFieldProps, 'label' | 'id'> {
  controlId: string;
  /** `#` per digit, anything else shown as it stands (the pattern mask's rule). */
  pattern: string;
  placeholder?: string;
  /** The digits typed so far, without the pattern's characters. */
  digits: string;
  /** The new digits and the text they show (with `_` in the gaps; '' for none). */
  onDigitsChange: (digits: string, shown: string) => void;
  /** Of more digits than the pattern holds, pasted or filled in at once, which the field keeps. */
  fitDigits?: (digits: string) => string;
  type?: 'text' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
}

/** The masked text box of a field: the kit's control look, `_` in the gaps, announced with its field's lines. */
export function MaskedFieldControl({
  controlId,
  hint,
  error,
  pattern,
  digits,
  onDigitsChange,
  fitDigits,
  type = 'text',
  ...box
}: MaskedFieldControlProps) {
  const shown = showPattern(pattern, digits);
  return (
    <input
      {...box}
      type={type}
      id={controlId}
      className={controlStyles.control}
      value={shown}
      aria-invalid={Boolean(error) || undefined}
      aria-describedby={fieldDescribedBy(controlId, { hint, error })}
      onChange={(event) => {
        const input = event.currentTarget;
        const entry = readPatternEdit(pattern, {
          digits,
          shown,
          text: input.value,
          caret: input.selectionStart ?? input.value.length,
          inputType: (event.nativeEvent as Partial<InputEvent>).inputType,
          fit: fitDigits,
        });
        const next = showPattern(pattern, entry.digits);
        // Written here, not left to the render: a value React sets puts the caret at the end in every engine.
        input.value = next;
        // WebKit focuses a box whose selection is set; an autofill of a box not in focus must not move the focus.
        if (input.ownerDocument.activeElement === input) input.setSelectionRange(entry.caret, entry.caret);
        if (entry.digits !== digits) onDigitsChange(entry.digits, next);
      }}
      onSelect={(event) => {
        const input = event.currentTarget;
        const limit = caretLimit(pattern, digits);
        if (input.selectionStart === input.selectionEnd && (input.selectionStart ?? 0) > limit) {
          input.setSelectionRange(limit, limit);
        }
      }}
    />
  );
}

/**
 * A labelled masked field: the label, the hint or error line, and `children(controlId)` in between (the masked
 * control, with whatever stands beside it, such as a country code).
 */
export function MaskedField({
  label,
  id,
  hint,
  error,
  required,
  children,
}: Pick<MaskedFieldProps, 'label' | 'id' | 'hint' | 'error' | 'required'> & {
  children: (controlId: string) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      {children(controlId)}
    </Field>
  );
}
