import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dosTime, readZip, zipStream, type ZipEntry } from './zip-stream';

async function collect(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const entry = (name: string, ...chunks: string[]): ZipEntry => ({
  name,
  open: async () => chunks.map((chunk) => Buffer.from(chunk)),
  modified: new Date('2026-11-26T09:30:10Z'),
});

function hasUnzip(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the streamed zip', () => {
  it('writes file times in Moscow time, whatever the server’s zone', () => {
    // 21:30 UTC on 31 December is 00:30 on 1 January in Moscow.
    const stamp = dosTime(new Date('2026-12-31T21:30:10Z'));
    expect({
      year: 1980 + (stamp.date >> 9),
      month: (stamp.date >> 5) & 0x0f,
      day: stamp.date & 0x1f,
      hour: stamp.time >> 11,
      minute: (stamp.time >> 5) & 0x3f,
      second: (stamp.time & 0x1f) * 2,
    }).toEqual({ year: 2027, month: 1, day: 1, hour: 0, minute: 30, second: 10 });
  });

  it('stores each file with its CRC and size after its bytes, and a central directory a reader follows', async () => {
    const archive = await collect([
      entry('Ката/1-старт.jpg', 'first ', 'chunk'),
      entry('empty.txt'),
      entry('video.mp4', 'x'.repeat(70_000)),
    ]);
    const files = readZip(archive);
    expect(files.map((file) => [file.name, file.size])).toEqual([
      ['Ката/1-старт.jpg', 11],
      ['empty.txt', 0],
      ['video.mp4', 70_000],
    ]);
    expect(files[0]?.data.toString()).toBe('first chunk');
  });

  it('opens each file only when the archive reaches it', async () => {
    const opened: string[] = [];
    const lazy = (name: string): ZipEntry => ({
      name,
      open: async () => {
        opened.push(name);
        return [Buffer.from(name)];
      },
      modified: new Date('2026-11-26T09:30:10Z'),
    });
    const stream = zipStream([lazy('a'), lazy('b')]);
    await stream.next();
    expect(opened).toEqual([]);
    await stream.next();
    expect(opened).toEqual(['a']);
  });

  it.skipIf(!hasUnzip())('is read by Info-ZIP unzip -t without a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    try {
      const file = join(dir, 'set.zip');
      writeFileSync(file, await collect([entry('а.jpg', 'photo'), entry('b.webm', 'video bytes')]));
      const output = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(output).toMatch(/No errors detected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
