import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Field, fieldDescribedBy } from '../field/field';
import styles from './file-picker.module.css';

export interface FilePickerProps {
  label: ReactNode;
  /** MIME types the browser's dialog offers (checking the chosen file is the caller's). */
  accept: readonly string[];
  onFile: (file: File) => void;
  /** The file the form holds: shown by name and size; when it drops to null (a reset) the input is emptied. */
  file?: File | null;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** «830 Б», «120 КБ», «1,4 МБ». */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} МБ`;
}

/**
 * A file field in Russian instead of the browser's «Choose File / No file chosen»: a drop zone that takes a file
 * dragged onto it, or opens the file dialog when clicked. The native input stays the one focusable control
 * (visually hidden), so the keyboard, the label and screen readers work as with any file input.
 */
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
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (file === null && input.current) input.current.value = '';
  }, [file]);

  const accepting = (event: DragEvent) => !disabled && event.dataTransfer.types.includes('Files');

  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <div
        className={styles.zone}
        data-dragging={dragging || undefined}
        data-invalid={error ? '' : undefined}
        data-disabled={disabled ? '' : undefined}
        data-chosen={file ? '' : undefined}
        onClick={(event) => {
          // The input itself handles clicks on it; elsewhere in the zone the click opens its dialog.
          if (!disabled && event.target !== input.current) input.current?.click();
        }}
        onDragEnter={(event) => {
          if (!accepting(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!accepting(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={(event) => {
          // Crossing into a child is no leaving: only out of the zone ends the highlight.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const dropped = event.dataTransfer.files[0];
          if (dropped && !disabled) onFile(dropped);
        }}
      >
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
        <svg className={styles.icon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path
            d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M5 15v3.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V15"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {file ? (
          <span className={styles.text}>
            <span className={styles.name}>{file.name}</span>
            <span className={styles.meta}>{formatFileSize(file.size)}</span>
          </span>
        ) : (
          <span className={styles.text} aria-hidden="true">
            {dragging ? (
              <span className={styles.lead}>Отпустите, чтобы загрузить</span>
            ) : (
              <>
                <span className={styles.lead}>Выберите файл</span>
                <span className={styles.meta} data-pointer-only="">
                  или перетащите его сюда
                </span>
              </>
            )}
          </span>
        )}
        <span className={styles.button} aria-hidden="true">
          {file ? 'Заменить' : 'Обзор'}
        </span>
      </div>
    </Field>
  );
}
