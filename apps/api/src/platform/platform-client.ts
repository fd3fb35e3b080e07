import { Inject, Injectable } from '@nestjs/common';
import {
  elmaFileLinkAnswerSchema,
  elmaItemAnswerSchema,
  elmaUploadAnswerSchema,
  PLATFORM_NAMESPACE,
  type ElmaDiskFile,
  platformScripts,
  type ElmaItem,
  type PlatformAppCode,
  type PlatformScriptName,
  type PublicConfig,
} from '@fed/contracts';
import type { z } from 'zod';

export interface PlatformClientOptions {
  /** Base URL of the platform (or of its twin, e.g. `http://127.0.0.1:3000/sandbox/elma`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; never logged. */
  token: string;
  /** Module uuids of the spec's extension scripts. */
  extensions: PublicConfig['extensions'];
  /** Per-call timeout. Default 10 s. */
  timeoutMs?: number;
}

export const PLATFORM_CLIENT_OPTIONS = Symbol('PLATFORM_CLIENT_OPTIONS');

export type PlatformFailure = 'timeout' | 'network' | 'status' | 'answer' | 'input';

/** A platform call that did not give a usable answer. The message names the call, never its data. */
export class PlatformError extends Error {
  constructor(
    readonly failure: PlatformFailure,
    readonly call: string,
    readonly status: number | null = null,
  ) {
    super(`Platform call ${call} failed: ${failure}${status === null ? '' : ` (HTTP ${status})`}`);
    this.name = 'PlatformError';
  }
}

/** A platform disk file being read: its declared type and length (when sent) and its bytes as a stream. */
export interface PlatformFileStream {
  contentType: string | null;
  contentLength: number | null;
  /** The download's `Content-Disposition` (it may name the file). */
  contentDisposition: string | null;
  body: ReadableStream<Uint8Array>;
}

type ScriptInput<N extends PlatformScriptName> = z.input<(typeof platformScripts)[N]['input']>;
type ScriptOutput<N extends PlatformScriptName> = z.output<(typeof platformScripts)[N]['output']>;

/**
 * Server-side client of the ELMA365 platform over HTTP, the same code path for the sandbox twin and
 * production: module scripts at `/api/extensions/{module}/script/{name}` and app items at
 * `/pub/v1/app/{ns}/{code}/...`. Inputs and answers are checked against the contracts' zod schemas.
 */
@Injectable()
export class PlatformClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(@Inject(PLATFORM_CLIENT_OPTIONS) private readonly options: PlatformClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Calls a module script with its contract: GET scripts get `?data=<json>`, POST scripts a JSON body. */
  async runScript<N extends PlatformScriptName>(name: N, input: ScriptInput<N>): Promise<ScriptOutput<N>> {
    const script = platformScripts[name];
    const checked = script.input.safeParse(input);
    if (!checked.success) throw new PlatformError('input', name);
    const moduleId = this.options.extensions[script.module];
    const path = `/api/extensions/${moduleId}/script/${name}`;
    const answer =
      script.method === 'GET'
        ? await this.request(name, 'GET', `${path}?data=${encodeURIComponent(JSON.stringify(checked.data))}`)
        : await this.request(name, 'POST', path, checked.data);
    const parsed = script.output.safeParse(answer);
    if (!parsed.success) throw new PlatformError('answer', name);
    return parsed.data as ScriptOutput<N>;
  }

  /** `POST /pub/v1/app/{ns}/{code}/create` with `{context}`: the created item. */
  async createItem(app: PlatformAppCode, context: Record<string, unknown>): Promise<ElmaItem> {
    const call = `create ${app}`;
    const answer = await this.request(call, 'POST', `/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/create`, {
      context,
    });
    const parsed = elmaItemAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new PlatformError('answer', call);
    return parsed.data.item;
  }

  /** `POST /pub/v1/disk/directory/{directory}/upload`, multipart field `file`: the stored file. */
  async uploadFile(
    directory: string,
    file: { name: string; type: string; body: Uint8Array },
  ): Promise<ElmaDiskFile> {
    const call = 'disk upload';
    const form = new FormData();
    form.append('file', new Blob([file.body], { type: file.type }), file.name);
    const response = await this.send(
      call,
      `${this.baseUrl}/pub/v1/disk/directory/${encodeURIComponent(directory)}/upload`,
      { method: 'POST', headers: this.headers(), body: form },
    );
    const parsed = elmaUploadAnswerSchema.safeParse(await this.json(call, response));
    if (!parsed.success) throw new PlatformError('answer', call);
    return parsed.data.file;
  }

  /**
   * A disk file by a temporary link (`POST /pub/v1/disk/file/{id}/get-link`), followed only on the platform's
   * own origin. `null` when the platform does not know the file.
   */
  async openFile(id: string): Promise<PlatformFileStream | null> {
    const call = 'disk file';
    let linkResponse: Response;
    try {
      linkResponse = await this.send(
        call,
        `${this.baseUrl}/pub/v1/disk/file/${encodeURIComponent(id)}/get-link`,
        { method: 'POST', headers: { ...this.headers(), 'Content-Type': 'application/json' }, body: '{}' },
      );
    } catch (error) {
      if (error instanceof PlatformError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
    const link = elmaFileLinkAnswerSchema.safeParse(await this.json(call, linkResponse));
    if (!link.success) throw new PlatformError('answer', call);
    const url = new URL(link.data.Link);
    if (url.origin !== new URL(this.baseUrl).origin || url.username !== '' || url.password !== '') {
      throw new PlatformError('answer', call);
    }
    let file: Response;
    try {
      file = await this.send(call, url.href, { method: 'GET', redirect: 'error' });
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return null;
      throw error;
    }
    if (!file.body) throw new PlatformError('answer', call, file.status);
    const length = Number(file.headers.get('content-length'));
    return {
      contentType: file.headers.get('content-type'),
      contentLength: Number.isSafeInteger(length) && length >= 0 ? length : null,
      contentDisposition: file.headers.get('content-disposition'),
      body: file.body,
    };
  }

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.options.token}`, Accept: 'application/json' };
  }

  private async request(
    call: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    const response = await this.send(call, `${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.headers(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.json(call, response);
  }

  /** One call within the deadline; a non-2xx answer is a `PlatformError` with its status. */
  private async send(call: string, url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PlatformError(timedOut ? 'timeout' : 'network', call);
    }
    if (!response.ok) {
      // Drain the body so the connection is reused; its text may hold personal data and is not kept.
      await response.arrayBuffer().catch(() => undefined);
      throw new PlatformError('status', call, response.status);
    }
    return response;
  }

  private async json(call: string, response: Response): Promise<unknown> {
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new PlatformError('answer', call, response.status);
    }
  }
}
