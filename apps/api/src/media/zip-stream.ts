import { federationTimeOf } from '@fed/calendar';
import { crc32 } from 'node:zlib';

/** One file of a zip: its name inside the archive and its bytes, read only when the zip reaches it. */
export interface ZipEntry {
  name: string;
  open: () => Promise<Iterable<Uint8Array> | AsyncIterable<Uint8Array>>;
  modified: Date;
}

/** ZIP's 32-bit sizes and offsets: past this an archive needs ZIP64, which this writer does not make. */
export const ZIP_MAX_BYTES = 0xffff_fffe;

const UTF8_AND_DESCRIPTOR = 0x0808;
const VERSION = 20;

/**
 * A zip's times have no zone: archivers show them as they are. They are written in the federation's (Moscow)
 * time, the time the people downloading live in, whatever the server's zone.
 */
export function dosTime(instant: Date): { time: number; date: number } {
  const at = federationTimeOf(instant);
  const year = Math.max(1980, at.year);
  return {
    time: (at.hour << 11) | (at.minute << 5) | Math.floor(at.second / 2),
    date: ((year - 1980) << 9) | (at.month << 5) | at.day,
  };
}

/**
 * A zip archive written as it is read: each file stored as it is (photos and videos are compressed already, so
 * deflate would spend the CPU for nothing), its CRC-32 and size counted while its bytes pass and written after
 * them in a data descriptor (general purpose bit 3), the central directory at the end. Nothing is held but
 * one chunk and the directory's few bytes per file: no temporary file of the set, whatever its size. Names
 * are UTF-8 (bit 11). Throws past {@link ZIP_MAX_BYTES} (no ZIP64).
 */
export async function* zipStream(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
): AsyncGenerator<Buffer> {
  const directory: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const stamp = dosTime(entry.modified);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(stamp.time, 10);
    header.writeUInt16LE(stamp.date, 12);
    // CRC and sizes are 0 here: the data descriptor after the bytes carries them.
    header.writeUInt16LE(name.length, 26);
    const headerOffset = offset;
    yield Buffer.concat([header, name]);
    offset += header.length + name.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of await entry.open()) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (offset + size > ZIP_MAX_BYTES) throw new Error('zip archive over 4 GiB');
      yield bytes;
    }
    offset += size;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(stamp.time, 12);
    central.writeUInt16LE(stamp.date, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(headerOffset, 42);
    directory.push(central, name);
    count += 1;
  }
  const directoryBytes = Buffer.concat(directory);
  if (offset + directoryBytes.length > ZIP_MAX_BYTES || count > 0xffff) {
    throw new Error('zip archive over the ZIP limits');
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directoryBytes;
  yield end;
}

/** A file the zip holds, as its central directory lists it (tests read archives back with it). */
export interface ZipListing {
  name: string;
  crc: number;
  size: number;
  data: Buffer;
}

/**
 * Reads a whole zip back through its central directory, checking each file's local header and CRC: what a
 * zip reader would do, for tests and for nothing else.
 */
export function readZip(archive: Buffer): ZipListing[] {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('no end of central directory');
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  const files: ZipListing[] = [];
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch in ${name}`);
    files.push({ name, crc, size, data });
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
