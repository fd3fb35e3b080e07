import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@fed/contracts';
import { emptyFileMessage, fileTooLargeMessage, uploadLimitMb, uploadProblem, uploadTypes } from './uploads';

const fileOf = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });

describe('uploadProblem', () => {
  it('lets through the types of each purpose', () => {
    expect(uploadProblem(fileOf('image/webp'), 'poster')).toBeNull();
    expect(uploadProblem(fileOf('application/pdf'), 'document')).toBeNull();
    expect(uploadProblem(fileOf('image/png'), 'photo')).toBeNull();
    expect(uploadProblem(fileOf('image/jpeg'), 'logo')).toBeNull();
    expect(uploadTypes('photo')).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('refuses another type with the catalogue’s message, before anything else', () => {
    expect(uploadProblem(fileOf('application/pdf'), 'poster')).toBe('Неверный формат файла');
    expect(uploadProblem(fileOf('application/pdf'), 'photo')).toBe('Неверный формат файла');
    expect(uploadProblem(fileOf('', UPLOAD_MAX_BYTES + 1), 'document')).toBe('Неверный формат файла');
  });

  it('refuses a file over the purpose’s limit as the api words it, and an empty one', () => {
    expect(uploadProblem(fileOf('image/png', UPLOAD_MAX_BYTES + 1), 'poster')).toBe(
      'Файл больше 10 МБ — выберите файл поменьше',
    );
    expect(uploadProblem(fileOf('image/png', 5 * 1024 * 1024 + 1), 'photo')).toBe(
      fileTooLargeMessage('photo'),
    );
    expect(fileTooLargeMessage('photo')).toBe('Файл больше 5 МБ — выберите файл поменьше');
    expect(uploadProblem(fileOf('image/png', 5 * 1024 * 1024), 'photo')).toBeNull();
    expect(uploadProblem(fileOf('image/png', 2 * 1024 * 1024 + 1), 'logo')).toBe(
      'Файл больше 2 МБ — выберите файл поменьше',
    );
    expect(uploadLimitMb('logo')).toBe(2);
    expect(uploadProblem(fileOf('image/png', 0), 'poster')).toBe(emptyFileMessage);
  });
});
