import {
  nationalDigitsOf,
  PHONE_COUNTRY_CODES,
  PHONE_FORMATS,
  type PhoneCountryCode,
  type PhoneValue,
} from '@fed/validation';
import controlStyles from '../field/control.module.css';
import { MaskedField, MaskedFieldControl, type MaskedFieldProps } from '../masked-input/masked-input';
import styles from './phone-input.module.css';

const countryNames: Record<PhoneCountryCode, string> = {
  RU: 'Россия',
  BY: 'Беларусь',
  AM: 'Армения',
  AZ: 'Азербайджан',
};

// The form's value type lives with its schema (`phoneValueSchema`); the kit re-exports it for convenience.
export type { PhoneValue };

export interface PhoneInputProps extends MaskedFieldProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /** Countries offered in the selector; all of spec §5 by default. */
  countries?: readonly PhoneCountryCode[];
}

/** Phone number with a country code selector and the country's mask (spec §5). */
export function PhoneInput({
  label,
  id,
  value,
  onChange,
  countries = PHONE_COUNTRY_CODES,
  ...control
}: PhoneInputProps) {
  const format = PHONE_FORMATS[value.country];
  return (
    <MaskedField label={label} id={id} hint={control.hint} error={control.error} required={control.required}>
      {(controlId) => (
        <div className={styles.row}>
          <select
            className={[controlStyles.control, styles.country].join(' ')}
            aria-label="Код страны"
            value={value.country}
            disabled={control.disabled}
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
          <MaskedFieldControl
            {...control}
            controlId={controlId}
            type="tel"
            autoComplete="tel-national"
            pattern={format.pattern}
            placeholder={format.mask.replace(/0/g, '_')}
            digits={value.digits}
            onDigitsChange={(digits) => onChange({ country: value.country, digits })}
            fitDigits={(digits) => nationalDigitsOf(digits, value.country)}
          />
        </div>
      )}
    </MaskedField>
  );
}
