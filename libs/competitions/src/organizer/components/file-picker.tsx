import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Field, fieldDescribedBy } from '@fed/ui-kit';
import styles from './file-picker.module.css';

export interface FilePickerProps {
  label: ReactNode;
  /** MIME types offered by the browser's picker (the check itself is the caller's). */
  accept: readonly string[];
  onFile: (file: File) => void;
  /** The file the form holds; when it drops to null (a reset) the input is emptied too. */
  file?: File | null;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

/** A labelled native file input with the kit's hint and error line. */
export function FilePicker({
  label,
  accept,
  onFile,
  file,
  hint,
  error,
  disabled,
  required,
}: FilePickerProps) {
  const controlId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (file === null && input.current) input.current.value = '';
  }, [file]);

  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <input
        ref={input}
        id={controlId}
        type="file"
        className={styles.input}
        accept={accept.join(',')}
        disabled={disabled}
        required={required}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={fieldDescribedBy(controlId, { hint, error })}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
        }}
      />
    </Field>
  );
}
