import { describe, expect, it } from 'vitest';
import { detectFileType, storedFileName } from './file-signature';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('detectFileType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image/png'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
  ])('knows %s by its first bytes', (_name, content, type) => {
    expect(detectFileType(content)).toBe(type);
  });

  it.each([
    ['a Windows program', bytes('MZ', [0x90, 0, 3, 0])],
    ['HTML', bytes('<!doctype html><script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['GIF', bytes('GIF89a')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['a PDF signature not at the start', bytes(' %PDF-1.7')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, content) => {
    expect(detectFileType(content)).toBeNull();
  });
});

describe('storedFileName', () => {
  it('keeps a name whose extension fits the type', () => {
    expect(storedFileName('афиша турнира.PNG', 'image/png')).toBe('афиша турнира.png');
    expect(storedFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
  });
  it('gives the real extension to a misnamed or nameless file', () => {
    expect(storedFileName('scan.exe', 'image/png')).toBe('scan.png');
    expect(storedFileName('Положение', 'application/pdf')).toBe('Положение.pdf');
    expect(storedFileName('', 'image/webp')).toBe('file.webp');
    expect(storedFileName('.htaccess', 'application/pdf')).toBe('htaccess.pdf');
  });
  it('drops directories, quotes and control characters', () => {
    expect(storedFileName('../../etc/passwd.pdf', 'application/pdf')).toBe('passwd.pdf');
    expect(storedFileName('C:\\Users\\x\\doc.pdf', 'application/pdf')).toBe('doc.pdf');
    expect(storedFileName('a"b\r\nc<d>.jpg', 'image/jpeg')).toBe('abcd.jpg');
  });
  it('keeps names short', () => {
    expect(storedFileName(`${'я'.repeat(500)}.pdf`, 'application/pdf')).toHaveLength(104);
  });
});
