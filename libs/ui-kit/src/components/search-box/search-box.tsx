import { useId, useRef, useState } from 'react';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import controlStyles from '../field/control.module.css';
import styles from './search-box.module.css';

/** Spec §9: search input debounce, in ms. */
export const SEARCH_DEBOUNCE = 300;

export interface SearchBoxProps {
  /** The query, 300 ms after the last keystroke; at once on Enter or clear. */
  onSearch: (query: string) => void;
  defaultValue?: string;
  /** Accessible name; visually hidden. */
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}

const HINT = 'Вводите текст для поиска';

/** A search field with the spec's hint while focused and empty, a debounced query and a clear button. */
export function SearchBox({
  onSearch,
  defaultValue = '',
  label = 'Поиск',
  placeholder = 'Поиск',
  disabled,
}: SearchBoxProps) {
  const [value, setValue] = useState(defaultValue);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const search = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE);
  const hintId = useId();

  const clear = () => {
    search.cancel();
    setValue('');
    onSearch('');
    input.current?.focus();
  };

  return (
    <div className={styles.box} role="search">
      <span className={styles.icon} aria-hidden="true" />
      <input
        ref={input}
        type="search"
        className={[controlStyles.control, styles.input].join(' ')}
        aria-label={label}
        aria-describedby={hintId}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        enterKeyHint="search"
        onChange={(event) => {
          setValue(event.target.value);
          search(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.flush();
          if (event.key === 'Escape' && value !== '') {
            event.preventDefault();
            clear();
          }
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      {value !== '' && !disabled && (
        <button type="button" className={styles.clear} aria-label="Очистить поиск" onClick={clear}>
          <span aria-hidden="true">×</span>
        </button>
      )}
      <p id={hintId} className={styles.hint} hidden={!(focused && value === '')}>
        {HINT}
      </p>
    </div>
  );
}
