import { describe, expect, it } from 'vitest';
import { documentMimeTypes, posterMimeTypes, UPLOAD_MAX_BYTES } from '@fed/contracts';
import { emptyFileMessage, fileTooLargeMessage, uploadProblem } from './upload-check';

const fileOf = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });

describe('uploadProblem', () => {
  it('lets through the catalogue’s types for each purpose', () => {
    expect(uploadProblem(fileOf('image/webp'), posterMimeTypes)).toBeNull();
    expect(uploadProblem(fileOf('application/pdf'), documentMimeTypes)).toBeNull();
  });

  it('refuses another type with the catalogue’s message, before anything else', () => {
    expect(uploadProblem(fileOf('application/pdf'), posterMimeTypes)).toBe('Неверный формат файла');
    expect(uploadProblem(fileOf('', UPLOAD_MAX_BYTES + 1), documentMimeTypes)).toBe('Неверный формат файла');
  });

  it('refuses a file over the api’s limit, and an empty one', () => {
    expect(uploadProblem(fileOf('image/png', UPLOAD_MAX_BYTES + 1), posterMimeTypes)).toBe(
      fileTooLargeMessage,
    );
    expect(fileTooLargeMessage).toBe('Файл больше 10 МБ — выберите файл поменьше');
    expect(uploadProblem(fileOf('image/png', 0), posterMimeTypes)).toBe(emptyFileMessage);
  });
});
