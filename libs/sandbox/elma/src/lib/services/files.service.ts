import { Inject, Injectable } from '@nestjs/common';
import type { ElmaDiskFile } from '@fed/contracts';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ElmaStore } from '../core/elma-store';
import { ensurePrivateDir, writePrivateFile } from '@fed/sandbox-common';

interface FileRow {
  id: string;
  name: string;
  mime_type: string;
  size: number;
  directory: string;
  created_at: string;
}

/** How long a `get-link` answer stays valid. */
export const FILE_LINK_TTL_SECONDS = 15 * 60;

/** Largest upload the twin accepts. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

function toDiskFile(row: FileRow): ElmaDiskFile {
  return {
    __id: row.id,
    __name: row.name,
    size: row.size,
    mimeType: row.mime_type,
    __createdAt: row.created_at,
  };
}

/** The platform's disk: file bodies under `{dataDir}/platform-files`, their descriptions in SQLite. */
@Injectable()
export class FilesService {
  constructor(
    private readonly store: ElmaStore,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {
    ensurePrivateDir(options.filesDir);
  }

  private pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw ElmaError.notFound(`file ${id} not found`);
    return join(this.options.filesDir, id);
  }

  save(file: {
    id?: string;
    name: string;
    mimeType: string;
    body: Buffer;
    directory?: string;
  }): ElmaDiskFile {
    const id = file.id ?? randomUUID();
    writePrivateFile(this.pathOf(id), file.body);
    const row: FileRow = {
      id,
      name: file.name.slice(0, 255) || 'file',
      mime_type: file.mimeType || 'application/octet-stream',
      size: file.body.length,
      directory: file.directory ?? 'root',
      created_at: this.options.now().toISOString(),
    };
    this.store.db
      .prepare(
        'INSERT INTO files (id, name, mime_type, size, directory, created_at) VALUES (@id, @name, @mime_type, @size, @directory, @created_at)' +
          ' ON CONFLICT(id) DO UPDATE SET name = excluded.name, mime_type = excluded.mime_type, size = excluded.size',
      )
      .run(row);
    return toDiskFile(row);
  }

  describe(id: string): ElmaDiskFile {
    return toDiskFile(this.row(id));
  }

  /**
   * A file a record may link: it exists and is of one of the `allowed` types, else a 400 naming `what` it is
   * for (`афиши`, `фотографии`) and the `formats` wanted.
   */
  linkable(fileId: string, allowed: readonly string[], what: string, formats: string): ElmaDiskFile {
    const row = this.store.db.prepare('SELECT * FROM files WHERE id = ?').get(fileId) as FileRow | undefined;
    if (!row) throw ElmaError.badRequest(`Файл ${what} не найден: загрузите его заново`);
    if (!allowed.includes(row.mime_type)) {
      throw ElmaError.badRequest(`Неверный формат файла ${what}: нужен ${formats}`);
    }
    return toDiskFile(row);
  }

  private row(id: string): FileRow {
    const row = this.store.db.prepare('SELECT * FROM files WHERE id = ?').get(id) as FileRow | undefined;
    if (!row) throw ElmaError.notFound(`file ${id} not found`);
    return row;
  }

  readText(id: string): string {
    this.row(id);
    return readFileSync(this.pathOf(id), 'utf8');
  }

  private signature(id: string, expires: number): string {
    return createHmac('sha256', this.options.token).update(`${id}:${expires}`).digest('hex');
  }

  /** A temporary download link: `{base}/files/{id}?expires=…&signature=…`. */
  link(id: string, baseUrl: string): string {
    this.row(id);
    const expires = Math.floor(this.options.now().getTime() / 1000) + FILE_LINK_TTL_SECONDS;
    return `${baseUrl}/files/${id}?expires=${expires}&signature=${this.signature(id, expires)}`;
  }

  /** Checks a link's signature and age; answers what to send. */
  open(id: string, expires: string, signature: string): { name: string; mimeType: string; path: string } {
    const expiresAt = Number(expires);
    const expected = Buffer.from(this.signature(id, expiresAt));
    const given = Buffer.from(String(signature));
    if (
      !Number.isInteger(expiresAt) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw new ElmaError(403, 'invalid file link');
    }
    if (expiresAt * 1000 < this.options.now().getTime())
      throw new ElmaError(403, 'the file link has expired');
    const row = this.row(id);
    return { name: row.name, mimeType: row.mime_type, path: this.pathOf(id) };
  }
}
