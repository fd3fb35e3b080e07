import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  elmaFileLinkAnswerSchema,
  elmaItemAnswerSchema,
  elmaListAnswerSchema,
  elmaUploadAnswerSchema,
  PLATFORM_NAMESPACE,
  type ElmaDiskFile,
  platformScripts,
  type ElmaItem,
  type ElmaListBody,
  type PlatformAppCode,
  type PlatformScriptName,
  type PublicConfig,
  USER_ID_HEADER,
} from '@fed/contracts';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ApiException } from '../common/api-exception.filter';
import {
  callUpstream,
  jsonOf,
  retryAfterSeconds,
  transportFailure,
  upstreamFailure,
  upstreamRateLimited,
  upstreamStatusError,
  UpstreamHttp,
  UpstreamTransportError,
  type UpstreamAnswer,
} from './upstream-http';

export interface PlatformClientOptions {
  /** Base URL of the platform (or of its twin, e.g. `http://127.0.0.1:3000/sandbox/elma`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; never logged, never sent to browsers. */
  token: string;
  /** Module uuids of the spec's extension scripts. */
  extensions: PublicConfig['extensions'];
  /** Deadline of one call, covering its whole body. Default 10 s. */
  timeoutMs?: number;
  /** Largest JSON answer accepted. Default 10 MiB. */
  maxAnswerBytes?: number;
}

export const PLATFORM_CLIENT_OPTIONS = Symbol('PLATFORM_CLIENT_OPTIONS');
export const DEFAULT_PLATFORM_TIMEOUT_MS = 10_000;
export const DEFAULT_PLATFORM_MAX_ANSWER_BYTES = 10 * 1024 * 1024;

/** The options, or a factory when the platform's URL is known only once the api listens (the twin). */
export type PlatformClientOptionsSource = PlatformClientOptions | (() => PlatformClientOptions);

export type PlatformFailure = 'timeout' | 'network' | 'too_large' | 'status' | 'answer' | 'input';

/**
 * A platform call that did not give a usable answer. The message names the call, never its data;
 * {@link PlatformError.toApiException} is the api's answer for it (the one mapping: 429 with
 * `Retry-After`, 504 past the deadline, 502 for the rest).
 */
export class PlatformError extends Error {
  constructor(
    readonly failure: PlatformFailure,
    readonly call: string,
    readonly status: number | null = null,
    /** The platform's `Retry-After`, in seconds, when it answered 429. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Platform call ${call} failed: ${failure}${status === null ? '' : ` (HTTP ${status})`}`);
    this.name = 'PlatformError';
  }

  /** Whether the platform asked to slow down (then the caller should answer 429, not 502). */
  get rateLimited(): boolean {
    return this.status === 429;
  }

  /** @param reason what failed, for the 502's message ('файл не сохранён'). */
  toApiException(reason?: string): ApiException {
    if (this.rateLimited) return upstreamRateLimited('Платформа', this.retryAfterSeconds ?? 1);
    if (this.failure === 'timeout' || this.failure === 'too_large') {
      return transportFailure('Платформа', new UpstreamTransportError(this.failure));
    }
    return upstreamFailure('Платформа', reason);
  }
}

/** A platform disk file being read: its declared type and length (when sent) and its bytes as a stream. */
export interface PlatformFileStream {
  contentType: string | null;
  contentLength: number | null;
  /** The download's `Content-Disposition` (it may name the file). */
  contentDisposition: string | null;
  /** Fails (an `error` event) past the deadline or on a broken connection. */
  body: Readable;
}

/** A platform disk file read into memory. */
export interface PlatformFileBytes {
  contentType: string | null;
  body: Buffer;
}

type ScriptInput<N extends PlatformScriptName> = z.input<(typeof platformScripts)[N]['input']>;
type ScriptOutput<N extends PlatformScriptName> = z.output<(typeof platformScripts)[N]['output']>;

function errorOf(call: string, error: unknown): unknown {
  return error instanceof UpstreamTransportError ? new PlatformError(error.failure, call) : error;
}

/**
 * The api's one client of the ELMA365 platform, the same code path for the sandbox twin and production.
 * `send` is the raw call the proxy relays; `runScript`, `createItem`, `uploadFile`, `openFile` and `readFile`
 * are typed calls whose inputs and answers are checked against the contracts' zod schemas, throwing
 * {@link PlatformError}. Transport: {@link UpstreamHttp} (keep-alive, deadline, size cap).
 */
@Injectable()
export class PlatformClient implements OnModuleDestroy {
  private readonly http = new UpstreamHttp();
  private resolved: Required<PlatformClientOptions> | null = null;

  constructor(@Inject(PLATFORM_CLIENT_OPTIONS) private readonly source: PlatformClientOptionsSource) {}

  onModuleDestroy(): void {
    this.http.destroy();
  }

  /** The options, resolved at the first call. */
  get options(): Required<PlatformClientOptions> {
    if (this.resolved === null) {
      const options = typeof this.source === 'function' ? this.source() : this.source;
      this.resolved = {
        baseUrl: options.baseUrl.replace(/\/+$/, ''),
        token: options.token,
        extensions: options.extensions,
        timeoutMs: options.timeoutMs ?? DEFAULT_PLATFORM_TIMEOUT_MS,
        maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_PLATFORM_MAX_ANSWER_BYTES,
      };
    }
    return this.resolved;
  }

  /**
   * One call below the base URL with the server's token, its answer as it came (any status). Transport
   * failures throw the api's 502/504 (`ApiException`), ready to answer. `userId`, when given, goes as the
   * `userId` header (spec §7: the caller's active user; the proxy sends only one it verified).
   */
  send(method: 'GET' | 'POST', path: string, body?: unknown, userId?: string): Promise<UpstreamAnswer> {
    const request = this.requestOf(method, path, body);
    if (userId !== undefined) request.headers[USER_ID_HEADER] = userId;
    return callUpstream(this.http, 'Платформа', request);
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
        ? await this.json(name, 'GET', `${path}?data=${encodeURIComponent(JSON.stringify(checked.data))}`)
        : await this.json(name, 'POST', path, checked.data);
    const parsed = script.output.safeParse(answer);
    if (!parsed.success) throw new PlatformError('answer', name);
    return parsed.data as ScriptOutput<N>;
  }

  /** `POST /pub/v1/app/{ns}/{code}/create` with `{context}`: the created item. */
  async createItem(app: PlatformAppCode, context: Record<string, unknown>): Promise<ElmaItem> {
    const call = `create ${app}`;
    const answer = await this.json(call, 'POST', `/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/create`, {
      context,
    });
    const parsed = elmaItemAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new PlatformError('answer', call);
    return parsed.data.item;
  }

  /**
   * `POST /pub/v1/app/{ns}/{code}/list` with the body as given (at most a platform page, `ELMA_LIST_MAX_SIZE`):
   * one page of raw items and the total. Nothing is typed past the system fields: the caller knows the app.
   */
  async listItems(app: PlatformAppCode, body: ElmaListBody): Promise<{ result: ElmaItem[]; total: number }> {
    const call = `list ${app}`;
    const answer = await this.json(call, 'POST', `/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/list`, body);
    const parsed = elmaListAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new PlatformError('answer', call);
    return parsed.data.result;
  }

  /** `POST /pub/v1/disk/directory/{directory}/upload`, multipart field `file`: the stored file. */
  async uploadFile(
    directory: string,
    file: { name: string; type: string; body: Uint8Array },
  ): Promise<ElmaDiskFile> {
    const call = 'disk upload';
    const form = new FormData();
    form.append('file', new Blob([file.body], { type: file.type }), file.name);
    // The platform's own multipart encoding of a FormData (boundary included), without a client library.
    const encoded = new Response(form);
    const answer = await this.checked(call, async () =>
      this.http.request({
        method: 'POST',
        url: `${this.options.baseUrl}/pub/v1/disk/directory/${segment(directory)}/upload`,
        headers: {
          ...this.headers(),
          'Content-Type': encoded.headers.get('content-type') ?? 'multipart/form-data',
        },
        body: Buffer.from(await encoded.arrayBuffer()),
        timeoutMs: this.options.timeoutMs,
        maxBytes: this.options.maxAnswerBytes,
      }),
    );
    const parsed = elmaUploadAnswerSchema.safeParse(jsonOf(answer));
    if (!parsed.success) throw new PlatformError('answer', call);
    return parsed.data.file;
  }

  /**
   * A disk file by a temporary link (`POST /pub/v1/disk/file/{id}/get-link`), followed only on the
   * platform's own origin, its body streamed. `null` when the platform does not know the file.
   */
  async openFile(id: string): Promise<PlatformFileStream | null> {
    const call = 'disk file';
    const url = await this.fileLink(call, id);
    if (url === null) return null;
    let file;
    try {
      file = await this.http.open({
        method: 'GET',
        url,
        headers: { Accept: '*/*' },
        timeoutMs: this.options.timeoutMs,
        maxBytes: Number.MAX_SAFE_INTEGER,
      });
    } catch (error) {
      throw errorOf(call, error);
    }
    if (file.status === 404 || file.status === 410) {
      file.body.resume();
      return null;
    }
    if (file.status < 200 || file.status > 299) {
      file.body.resume();
      throw this.statusError(call, file);
    }
    const length = Number(file.headers['content-length']);
    return {
      contentType: file.headers['content-type'] ?? null,
      contentLength: Number.isSafeInteger(length) && length >= 0 ? length : null,
      contentDisposition: file.headers['content-disposition'] ?? null,
      body: file.body,
    };
  }

  /**
   * A disk file read into memory, at most `maxBytes` (more: `PlatformError` `too_large`). `null` when the
   * platform does not know the file.
   */
  async readFile(id: string, maxBytes: number): Promise<PlatformFileBytes | null> {
    const call = 'disk file';
    const url = await this.fileLink(call, id);
    if (url === null) return null;
    const answer = await this.checked(
      call,
      () =>
        this.http.request({
          method: 'GET',
          url,
          headers: { Accept: '*/*' },
          timeoutMs: this.options.timeoutMs,
          maxBytes,
        }),
      [404, 410],
    );
    if (answer === null) return null;
    return { contentType: answer.headers['content-type'] ?? null, body: answer.body };
  }

  /** The temporary link of a disk file, checked to stay on the platform's own origin; `null`: unknown file. */
  private async fileLink(call: string, id: string): Promise<string | null> {
    const answer = await this.checked(
      call,
      () => this.exchange('POST', `/pub/v1/disk/file/${segment(id)}/get-link`, {}, 64 * 1024),
      [400, 404, 410],
    );
    if (answer === null) return null;
    const link = elmaFileLinkAnswerSchema.safeParse(jsonOf(answer));
    if (!link.success) throw new PlatformError('answer', call);
    let url: URL;
    try {
      url = new URL(link.data.Link);
    } catch {
      throw new PlatformError('answer', call);
    }
    if (url.origin !== new URL(this.options.baseUrl).origin || url.username !== '' || url.password !== '') {
      throw new PlatformError('answer', call);
    }
    return url.href;
  }

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.options.token}`, Accept: 'application/json' };
  }

  private exchange(method: 'GET' | 'POST', path: string, body?: unknown, maxBytes?: number) {
    return this.http.request(this.requestOf(method, path, body, maxBytes));
  }

  private requestOf(method: 'GET' | 'POST', path: string, body?: unknown, maxBytes?: number) {
    const headers: Record<string, string> = {
      ...this.headers(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    };
    return {
      method,
      url: `${this.options.baseUrl}${path}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: this.options.timeoutMs,
      maxBytes: maxBytes ?? this.options.maxAnswerBytes,
    };
  }

  /** A typed call's JSON answer; any failure is a `PlatformError`. */
  private async json(call: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const answer = await this.checked(call, () => this.exchange(method, path, body));
    const json = jsonOf(answer);
    if (json === undefined) throw new PlatformError('answer', call, answer.status);
    return json;
  }

  /** Runs a call; a transport failure or a non-2xx answer is a `PlatformError`, or `null` for `absent`. */
  private async checked(
    call: string,
    run: () => Promise<UpstreamAnswer>,
    absent: readonly number[],
  ): Promise<UpstreamAnswer | null>;
  private async checked(call: string, run: () => Promise<UpstreamAnswer>): Promise<UpstreamAnswer>;
  private async checked(
    call: string,
    run: () => Promise<UpstreamAnswer>,
    absent: readonly number[] = [],
  ): Promise<UpstreamAnswer | null> {
    let answer: UpstreamAnswer;
    try {
      answer = await run();
    } catch (error) {
      throw errorOf(call, error);
    }
    if (absent.includes(answer.status)) return null;
    if (answer.status < 200 || answer.status > 299) throw this.statusError(call, answer);
    return answer;
  }

  private statusError(call: string, answer: { status: number; headers: Record<string, string> }) {
    return new PlatformError(
      'status',
      call,
      answer.status,
      answer.status === 429 ? retryAfterSeconds(answer.headers['retry-after']) : null,
    );
  }
}

/**
 * A path segment from an id or a name: percent-encoded, and a string that is not well-formed UTF-16 (a lone
 * surrogate, which `encodeURIComponent` throws on) never becomes a path: its unpaired halves are replaced.
 */
export function segment(value: string): string {
  return encodeURIComponent(value.replace(/\p{Cs}/gu, '\uFFFD'));
}

/** The api's error for a platform answer with an error status (the proxy's relay and its owner lookups). */
export function platformStatusError(answer: UpstreamAnswer): ApiException {
  return upstreamStatusError('Платформа', answer);
}
