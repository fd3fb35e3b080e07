import { useId, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import { PHONE_COUNTRY_CODES, PHONE_FORMATS, type PhoneCountryCode, type PhoneValue } from '@fed/validation';
import { PatternFormat } from 'react-number-format';
import controlStyles from '../field/control.module.css';
import { Field, fieldDescribedBy } from '../field/field';
import styles from './phone-input.module.css';

const countryNames: Record<PhoneCountryCode, string> = {
  RU: 'Россия',
  BY: 'Беларусь',
  AM: 'Армения',
  AZ: 'Азербайджан',
};

// The form's value type lives with its schema (`phoneValueSchema`); the kit re-exports it for convenience.
export type { PhoneValue };

export interface PhoneInputProps {
  label: ReactNode;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Countries offered in the selector; all of spec §5 by default. */
  countries?: readonly PhoneCountryCode[];
}

/** Phone number with a country code selector and the country's mask (spec §5). */
export function PhoneInput({
  label,
  value,
  onChange,
  onBlur,
  ref,
  name,
  id,
  hint,
  error,
  disabled,
  required,
  countries = PHONE_COUNTRY_CODES,
}: PhoneInputProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const format = PHONE_FORMATS[value.country];
  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <div className={styles.row}>
        <select
          className={[controlStyles.control, styles.country].join(' ')}
          aria-label="Код страны"
          value={value.country}
          disabled={disabled}
          onChange={(event) => {
            const country = event.target.value as PhoneCountryCode;
            // Formats differ in length: keep what still fits rather than clearing what was typed.
            onChange({ country, digits: value.digits.slice(0, PHONE_FORMATS[country].digits) });
          }}
        >
          {countries.map((country) => (
            <option key={country} value={country} title={countryNames[country]}>
              +{PHONE_FORMATS[country].dialCode}
            </option>
          ))}
        </select>
        <PatternFormat
          id={controlId}
          name={name}
          type="tel"
          autoComplete="tel-national"
          className={controlStyles.control}
          format={format.pattern}
          mask="_"
          placeholder={format.mask.replace(/0/g, '_')}
          valueIsNumericString
          value={value.digits}
          onValueChange={(values) => {
            if (values.value !== value.digits) onChange({ country: value.country, digits: values.value });
          }}
          onBlur={onBlur}
          getInputRef={ref}
          disabled={disabled}
          required={required}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={fieldDescribedBy(controlId, { hint, error })}
        />
      </div>
    </Field>
  );
}
