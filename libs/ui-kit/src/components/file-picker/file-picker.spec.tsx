import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { FilePicker, formatFileSize } from './file-picker';

const ACCEPT = ['application/pdf', 'image/png'];
const pdf = () => new File([new Uint8Array(2048)], 'Положение.pdf', { type: 'application/pdf' });

function Picker({ onFile = vi.fn(), disabled }: { onFile?: (file: File) => void; disabled?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <FilePicker
        label="Файл"
        accept={ACCEPT}
        file={file}
        disabled={disabled}
        hint="PDF или PNG"
        onFile={(chosen) => {
          onFile(chosen);
          setFile(chosen);
        }}
      />
      <button type="button" onClick={() => setFile(null)}>
        Сбросить
      </button>
    </>
  );
}

/** A drop of files as the browser sends it: jsdom has no DataTransfer of its own. */
function drop(target: Element, files: File[]) {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  const event = createEvent.drop(target, { dataTransfer });
  fireEvent(target, event);
}

describe('FilePicker', () => {
  it('speaks Russian and offers the file dialog through its labelled input', async () => {
    const { container } = render(<Picker />);
    const input = screen.getByLabelText('Файл');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'application/pdf,image/png');
    expect(input).toHaveAccessibleDescription('PDF или PNG');
    expect(screen.getByText('Выберите файл')).toBeVisible();
    expect(screen.getByText('или перетащите его сюда')).toBeVisible();
    expect(container.textContent).not.toMatch(/Choose|No file/);
    await expectNoSeriousAxeViolations(container);
  });

  it('takes a chosen file and names it with its size; a reset empties it', async () => {
    const user = userEvent.setup();
    const onFile = vi.fn();
    render(<Picker onFile={onFile} />);
    const file = pdf();
    await user.upload(screen.getByLabelText('Файл'), file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByText('Положение.pdf')).toBeVisible();
    expect(screen.getByText('2 КБ')).toBeVisible();
    expect(screen.getByText('Заменить')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(screen.getByText('Выберите файл')).toBeVisible();
    expect((screen.getByLabelText('Файл') as HTMLInputElement).value).toBe('');
  });

  it('takes a file dropped on it, and shows where to drop while one is dragged over', () => {
    const onFile = vi.fn();
    render(<Picker onFile={onFile} />);
    const zone = screen.getByLabelText('Файл').parentElement as HTMLElement;
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone).toHaveAttribute('data-dragging');
    expect(screen.getByText('Отпустите, чтобы загрузить')).toBeVisible();
    // Moving over its own icon is still over the zone.
    const intoIcon = createEvent.dragLeave(zone);
    Object.defineProperty(intoIcon, 'relatedTarget', { value: zone.querySelector('svg') });
    fireEvent(zone, intoIcon);
    expect(zone).toHaveAttribute('data-dragging');
    fireEvent.dragLeave(zone);
    expect(zone).not.toHaveAttribute('data-dragging');

    const file = pdf();
    drop(zone, [file]);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(screen.getByText('Положение.pdf')).toBeVisible();
  });

  it('opens the dialog from anywhere in the zone, and does nothing while disabled', async () => {
    const user = userEvent.setup();
    const onFile = vi.fn();
    const { rerender } = render(<Picker onFile={onFile} />);
    const input = screen.getByLabelText('Файл') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    await user.click(screen.getByText('Обзор'));
    expect(opened).toHaveBeenCalled();

    rerender(<Picker onFile={onFile} disabled />);
    opened.mockClear();
    await user.click(screen.getByText('Обзор'));
    expect(opened).not.toHaveBeenCalled();
    drop(input.parentElement as HTMLElement, [pdf()]);
    expect(onFile).not.toHaveBeenCalled();
  });

  it('tells sizes in Russian units', () => {
    expect(formatFileSize(830)).toBe('830 Б');
    expect(formatFileSize(120 * 1024)).toBe('120 КБ');
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe('1,4 МБ');
  });
});
