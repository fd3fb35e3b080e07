import { useId, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import { PatternFormat, type PatternFormatProps } from 'react-number-format';
import controlStyles from '../field/control.module.css';
import { Field, fieldDescribedBy } from '../field/field';

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

type MaskProps = Pick<
  PatternFormatProps,
  | 'format'
  | 'placeholder'
  | 'value'
  | 'onValueChange'
  | 'valueIsNumericString'
  | 'inputMode'
  | 'autoComplete'
  | 'type'
>;

export interface MaskedFieldControlProps extends Omit<MaskedFieldProps, 'label' | 'id'>, MaskProps {
  controlId: string;
}

/** The masked text box of a field: the kit's control look, `_` in the gaps, announced with its field's lines. */
export function MaskedFieldControl({ controlId, ref, hint, error, ...mask }: MaskedFieldControlProps) {
  return (
    <PatternFormat
      {...mask}
      id={controlId}
      className={controlStyles.control}
      mask="_"
      getInputRef={ref}
      aria-invalid={Boolean(error) || undefined}
      aria-describedby={fieldDescribedBy(controlId, { hint, error })}
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
