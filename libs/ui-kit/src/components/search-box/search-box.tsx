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
  /**
   * The query as its owner holds it (a list's address): when it changes other than by this box's own query
   * (a reset, Back, a link), the box shows it; while the person types, the typed text stays.
   */
  value?: string;
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
  value: ownerValue,
  label = 'Поиск',
  placeholder = 'Поиск',
  disabled,
}: SearchBoxProps) {
  const [value, setValue] = useState(ownerValue ?? defaultValue);
  // The owner's value last seen, and the last query this box sent: the owner's echo of it is no news.
  const [sync, setSync] = useState({ seen: ownerValue, sent: ownerValue ?? defaultValue });
  if (ownerValue !== undefined && ownerValue !== sync.seen) {
    setSync({ ...sync, seen: ownerValue });
    if (ownerValue.trim() !== sync.sent.trim()) setValue(ownerValue);
  }
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const send = (query: string) => {
    setSync((current) => ({ ...current, sent: query }));
    onSearch(query);
  };
  const search = useDebouncedCallback(send, SEARCH_DEBOUNCE);
  const hintId = useId();

  const clear = () => {
    search.cancel();
    setValue('');
    send('');
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
