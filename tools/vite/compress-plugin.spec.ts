import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './compress-plugin.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('precompressDirectory', () => {
  it('writes brotli and gzip beside every text file of the build, each decoding to the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'builds'));
    mkdirSync(join(dir, '.vite'));
    const text = (word: string) => `${word} `.repeat(400);
    const files = {
      'index.html': `<html>${text('page')}</html>`,
      'assets/index-abc.js': `const a = "${text('script')}";`,
      'assets/index-abc.css': `.a{content:"${text('style')}"}`,
      'favicon.svg': `<svg>${text('path')}</svg>`,
      'builds/latest.json': JSON.stringify({ buildId: 'x', note: text('build') }),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, 'assets/index-abc.js.map'), text('map'));
    writeFileSync(join(dir, '.vite/manifest.json'), text('manifest'));
    writeFileSync(join(dir, 'assets/photo.webp'), Buffer.alloc(4096));
    writeFileSync(join(dir, 'assets/tiny.js'), 'x');

    const totals = await precompressDirectory(dir);

    for (const [name, content] of Object.entries(files)) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).toString()).toBe(content);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString()).toBe(content);
      expect(readFileSync(join(dir, `${name}.br`)).length).toBeLessThan(content.length);
    }
    // Not served to visitors, not text, or no smaller compressed: left alone.
    for (const name of [
      'assets/index-abc.js.map',
      '.vite/manifest.json',
      'assets/photo.webp',
      'assets/tiny.js',
    ]) {
      expect({
        name,
        br: existsSync(join(dir, `${name}.br`)),
        gz: existsSync(join(dir, `${name}.gz`)),
      }).toEqual({
        name,
        br: false,
        gz: false,
      });
    }
    expect(totals.files).toBe(6);
    expect(totals.br).toBeGreaterThan(0);
    expect(totals.br).toBeLessThan(totals.gzip);
  });
});
