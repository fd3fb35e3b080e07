import type { AddressSuggestion } from '@fed/validation';
import { useEffect, useId, useRef, useState, type FocusEventHandler, type ReactNode } from 'react';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import controlStyles from '../field/control.module.css';
import { Field, fieldDescribedBy } from '../field/field';
import styles from './address-input.module.css';

// The suggestion type is shared with the form schema; the kit re-exports it for convenience.
export type { AddressSuggestion };

/** ms between the last keystroke and a suggestion request. */
export const ADDRESS_DEBOUNCE = 300;

/** Anything suggested by its display text: addresses by default, also companies (party suggestions). */
export interface Suggestion {
  value: string;
}

export interface AddressInputProps<T extends Suggestion = AddressSuggestion> {
  label: ReactNode;
  /** The chosen suggestion; `null` while the text is not a chosen one. */
  value: T | null;
  /** A suggestion when one is chosen, `null` as soon as the text is edited again. */
  onChange: (value: T | null) => void;
  /**
   * The suggestion source, e.g. the portal's address endpoint; `signal` aborts a superseded request. `within`
   * is the chosen suggestion the text goes on from (see `refine`), to search inside it.
   */
  loadSuggestions: (query: string, signal: AbortSignal, within: T | null) => Promise<T[]>;
  /**
   * Whether choosing this suggestion leaves more to type within it, as DaData's own field does: a city is
   * chosen (and held as the value), then the text goes on after it with that city's streets, then a street's
   * houses. Without it every choice is final.
   */
  refine?: (chosen: T) => boolean;
  /** Accessible name of the suggestion list. */
  listLabel?: string;
  /** Shortest query that is sent. */
  minQueryLength?: number;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  id?: string;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

type Lookup<T> =
  { state: 'idle' } | { state: 'loading' } | { state: 'done'; suggestions: T[] } | { state: 'failed' };

/**
 * Address field with suggestions, after the ARIA combobox pattern: the list is browsed with
 * ArrowUp/ArrowDown while focus stays in the input, Enter chooses, Escape closes.
 */
export function AddressInput<T extends Suggestion = AddressSuggestion>({
  label,
  value,
  onChange,
  loadSuggestions,
  refine,
  listLabel = 'Подсказки адресов',
  minQueryLength = 2,
  onBlur,
  name,
  id,
  placeholder,
  hint,
  error,
  disabled,
  required,
}: AddressInputProps<T>) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const listId = `${controlId}-list`;
  const [text, setText] = useState(value?.value ?? '');
  const [lookup, setLookup] = useState<Lookup<T>>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  // The chosen suggestion the text goes on from, while the text still starts with it.
  const [within, setWithin] = useState<T | null>(null);

  // A new value from outside (a form reset, a prefilled profile) replaces the typed text.
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    // A form may hand back a copy of our own choice: that is no new value, and the text typed on after it stays.
    const ownChoice = value !== null && seenValue !== null && value.value === seenValue.value;
    if (value && value.value !== text && !ownChoice) setText(value.value);
    if (!value && seenValue && text === seenValue.value) setText('');
  }

  useEffect(() => () => request.current?.abort(), []);

  const lookUp = (query: string, inside: T | null) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLookup({ state: 'loading' });
    loadSuggestions(query, controller.signal, inside).then(
      (suggestions) => {
        if (controller.signal.aborted) return;
        setLookup({ state: 'done', suggestions });
        setActive(-1);
      },
      () => {
        if (!controller.signal.aborted) setLookup({ state: 'failed' });
      },
    );
  };
  const load = useDebouncedCallback(lookUp, ADDRESS_DEBOUNCE);

  const suggestions = lookup.state === 'done' ? lookup.suggestions : [];
  const expanded = open && lookup.state !== 'idle';
  const listVisible = expanded && suggestions.length > 0;

  const choose = (suggestion: T) => {
    setActive(-1);
    // Our own choice coming back as `value` must not replace the text typed on after it.
    setSeenValue(suggestion);
    onChange(suggestion);
    if (refine?.(suggestion)) {
      // The choice holds; the list goes on with what lies within it.
      const next = `${suggestion.value}, `;
      setText(next);
      setWithin(suggestion);
      setOpen(true);
      load.cancel();
      lookUp(next.trim(), suggestion);
      return;
    }
    setText(suggestion.value);
    setWithin(null);
    setOpen(false);
  };

  // Wraps around at both ends, as the APG combobox does.
  const move = (step: 1 | -1) => {
    setOpen(true);
    const count = suggestions.length;
    if (count === 0) return;
    setActive((current) => (step === 1 ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
  };

  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <div className={styles.box}>
        <input
          id={controlId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          className={controlStyles.control}
          placeholder={placeholder}
          value={text}
          disabled={disabled}
          required={required}
          aria-autocomplete="list"
          aria-expanded={listVisible}
          aria-controls={listId}
          aria-activedescendant={listVisible && active >= 0 ? `${listId}-${active}` : undefined}
          aria-busy={lookup.state === 'loading' || undefined}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={fieldDescribedBy(controlId, { hint, error })}
          onChange={(event) => {
            const query = event.target.value;
            const inside = within && query.startsWith(within.value) ? within : null;
            setText(query);
            setOpen(true);
            setWithin(inside);
            if (value) onChange(null);
            if (query.trim().length >= minQueryLength) {
              load(query.trim(), inside);
            } else {
              load.cancel();
              request.current?.abort();
              setLookup({ state: 'idle' });
            }
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              move(event.key === 'ArrowDown' ? 1 : -1);
            } else if (event.key === 'Enter' && listVisible && active >= 0) {
              // Choosing a suggestion must not also submit the surrounding form.
              event.preventDefault();
              const suggestion = suggestions[active];
              if (suggestion) choose(suggestion);
            } else if (event.key === 'Escape' && expanded) {
              event.preventDefault();
              setOpen(false);
              setActive(-1);
            }
          }}
          onBlur={(event) => {
            setOpen(false);
            setActive(-1);
            // A choice left to refine and not refined: the field reads as the choice, without the trailing comma.
            if (value && text !== value.value) setText(value.value);
            onBlur?.(event);
          }}
        />
        {lookup.state === 'loading' && <span className={styles.spinner} aria-hidden="true" />}
        <ul id={listId} role="listbox" aria-label={listLabel} className={styles.list} hidden={!listVisible}>
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.value}-${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // Keeps focus in the input, so the click below still sees the list open.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              {suggestion.value}
            </li>
          ))}
        </ul>
        {expanded && lookup.state !== 'loading' && suggestions.length === 0 && (
          <p className={styles.empty}>
            {lookup.state === 'failed' ? 'Не удалось загрузить подсказки' : 'Ничего не найдено'}
          </p>
        )}
        <span className="visually-hidden" role="status">
          {expanded && lookup.state === 'done' ? `Найдено подсказок: ${suggestions.length}` : ''}
        </span>
      </div>
    </Field>
  );
}
