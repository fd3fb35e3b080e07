import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdir, readFile, realpath, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { ApiException } from '../common/api-exception.filter';
import { TokenBuckets, type RateLimitOptions } from '../proxy/token-bucket';
import {
  callUpstream,
  jsonOf,
  upstreamFailure,
  upstreamStatusError,
  UpstreamAgents,
  type UpstreamAnswer,
} from '../proxy/upstream-call';
import { parseImageRequest, type ImageFormat, type ImageModifiers, type ImageSource } from './image-request';

export interface ImagesModuleOptions {
  /** The platform whose disk files may be resized (`PLATFORM_URL`, `PLATFORM_TOKEN`), or a factory. */
  platform: { url: string; token: string } | (() => { url: string; token: string });
  /** The portal build: its image files may be resized too. */
  portalDistDir: string;
  /** Where resized images are kept (created when missing), e.g. `var/cache/img`. */
  cacheDir: string;
  /** Deadline of each platform call. Default 10 000 ms. */
  timeoutMs?: number;
  /** Largest source image in bytes. Default 10 MiB. */
  maxInputBytes?: number;
  /** Largest source image in pixels (decompression bombs). Default 40 000 000. */
  maxInputPixels?: number;
  /** Largest `w_` / `h_`. Default 2000. */
  maxDimension?: number;
  /** Resizes (cache misses) per client IP; cached answers are not counted. Default a burst of 30, then 120 a minute. */
  rateLimit?: RateLimitOptions;
  /** Resizes running at once; more wait their turn. Default the number of CPUs. */
  maxConcurrentTransforms?: number;
}

export const IMAGES_OPTIONS = Symbol('IMAGES_OPTIONS');

export type ImageAnswer =
  | { kind: 'not-modified'; etag: string; cacheControl: string }
  | { kind: 'image'; etag: string; cacheControl: string; contentType: string; body: Buffer };

interface CacheMeta {
  etag: string;
  contentType: string;
}

const DECODABLE = new Set<string>(['jpeg', 'png', 'webp', 'avif']);
const PORTAL_CACHE_CONTROL = 'public, max-age=604800';
const PLATFORM_CACHE_CONTROL = 'public, max-age=86400';

function unprocessable(message: string): ApiException {
  return new ApiException(422, { code: 'image_unprocessable', message });
}

function notFound(): ApiException {
  return new ApiException(404, { code: 'not_found', message: 'Изображение не найдено' });
}

/** `If-None-Match` holds `etag` (weak comparison, as RFC 9110 asks for this header). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The image resizer: platform disk files (through a temporary link on the platform's own origin) and
 * portal build files, resized by sharp within fixed bounds, cached on disk under a key of source and
 * modifiers, served with a strong ETag of the output bytes.
 */
@Injectable()
export class ImagesService implements OnModuleDestroy {
  private readonly agents = new UpstreamAgents();
  private readonly inFlight = new Map<string, Promise<{ meta: CacheMeta; body: Buffer }>>();
  private readonly timeoutMs: number;
  private readonly maxInputBytes: number;
  private readonly maxInputPixels: number;
  private readonly maxDimension: number;
  private readonly buckets: TokenBuckets;
  private readonly maxTransforms: number;
  private runningTransforms = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly http: HttpService,
    @Inject(IMAGES_OPTIONS) private readonly options: ImagesModuleOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxInputBytes = options.maxInputBytes ?? 10 * 1024 * 1024;
    this.maxInputPixels = options.maxInputPixels ?? 40_000_000;
    this.maxDimension = options.maxDimension ?? 2000;
    this.buckets = new TokenBuckets(options.rateLimit ?? { burst: 30, perMinute: 120 });
    this.maxTransforms = Math.max(1, options.maxConcurrentTransforms ?? availableParallelism());
  }

  onModuleDestroy(): void {
    this.agents.destroy();
  }

  /**
   * @param clientKey the client's address: cache misses (resizes) are rate-limited per client, so that a
   *   flood of modifier variants cannot burn the CPU or fill the disk cache.
   */
  async serve(rawPath: string, ifNoneMatch: string | undefined, clientKey: string): Promise<ImageAnswer> {
    const request = parseImageRequest(rawPath, this.maxDimension);
    const { source } = request;
    const portalFile = source.kind === 'portal' ? await this.portalFile(source.path) : null;
    const identity =
      portalFile === null
        ? `platform:${(source as Extract<ImageSource, { kind: 'platform' }>).fileId}`
        : `portal:${portalFile.path}:${portalFile.size}:${portalFile.mtimeMs}`;
    const key = createHash('sha256').update(`${identity}|${request.canonicalModifiers}`).digest('hex');
    const cacheControl = source.kind === 'portal' ? PORTAL_CACHE_CONTROL : PLATFORM_CACHE_CONTROL;

    const cachedMeta = await this.readMeta(key);
    if (cachedMeta !== null && matchesIfNoneMatch(ifNoneMatch, cachedMeta.etag)) {
      return { kind: 'not-modified', etag: cachedMeta.etag, cacheControl };
    }
    const cachedBody = cachedMeta === null ? null : await readFile(this.binPath(key)).catch(() => null);
    let result: { meta: CacheMeta; body: Buffer };
    if (cachedMeta !== null && cachedBody !== null) {
      result = { meta: cachedMeta, body: cachedBody };
    } else {
      let pending = this.inFlight.get(key);
      if (pending === undefined) {
        this.buckets.takeOrThrowFor(clientKey);
        pending = this.produce(key, request.modifiers, source, portalFile?.path ?? null).finally(() =>
          this.inFlight.delete(key),
        );
        this.inFlight.set(key, pending);
      }
      result = await pending;
    }
    if (matchesIfNoneMatch(ifNoneMatch, result.meta.etag)) {
      return { kind: 'not-modified', etag: result.meta.etag, cacheControl };
    }
    return {
      kind: 'image',
      etag: result.meta.etag,
      cacheControl,
      contentType: result.meta.contentType,
      body: result.body,
    };
  }

  private async produce(
    key: string,
    modifiers: ImageModifiers,
    source: ImageSource,
    portalPath: string | null,
  ) {
    const input = portalPath !== null ? await readFile(portalPath) : await this.platformFile(source);
    const body = await this.transform(input, modifiers);
    const format = await sharp(body)
      .metadata()
      .then((meta) => meta.format ?? 'jpeg');
    const meta: CacheMeta = {
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
      contentType: `image/${format === 'heif' ? 'avif' : format}`,
    };
    // A cache that cannot be written (disk full, read-only) costs speed, never the answer.
    await this.write(key, meta, body).catch(() => undefined);
    return { meta, body };
  }

  private async transform(input: Buffer, modifiers: ImageModifiers): Promise<Buffer> {
    if (this.runningTransforms >= this.maxTransforms) {
      await new Promise<void>((resolveTurn) => this.waiting.push(resolveTurn));
    }
    this.runningTransforms += 1;
    try {
      return await this.resize(input, modifiers);
    } finally {
      this.runningTransforms -= 1;
      this.waiting.shift()?.();
    }
  }

  private async resize(input: Buffer, modifiers: ImageModifiers): Promise<Buffer> {
    try {
      const options = { limitInputPixels: this.maxInputPixels, failOn: 'error' as const };
      const { format: inputFormat } = await sharp(input, options).metadata();
      const format: ImageFormat =
        modifiers.format ??
        (inputFormat !== undefined && DECODABLE.has(inputFormat) ? (inputFormat as ImageFormat) : 'png');
      return await sharp(input, options)
        .rotate()
        .resize({
          width: modifiers.width,
          height: modifiers.height,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .toFormat(format, modifiers.quality === undefined ? {} : { quality: modifiers.quality })
        .toBuffer();
    } catch (error) {
      const pixels = error instanceof Error && /pixel limit/i.test(error.message);
      throw unprocessable(pixels ? 'Изображение слишком большое' : 'Файл не является изображением');
    }
  }

  /** A portal build file, resolved inside the build directory only (no symlink escapes). */
  private async portalFile(path: string): Promise<{ path: string; size: number; mtimeMs: number }> {
    const root = await realpath(this.options.portalDistDir).catch(() => null);
    if (root === null) throw notFound();
    const candidate = resolve(root, path);
    if (!candidate.startsWith(root + sep)) throw notFound();
    const real = await realpath(candidate).catch(() => null);
    if (real === null || !real.startsWith(root + sep)) throw notFound();
    const info = await stat(real);
    if (!info.isFile()) throw notFound();
    if (info.size > this.maxInputBytes) throw unprocessable('Изображение слишком большое');
    return { path: real, size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
  }

  /** A platform disk file: a temporary link from `get-link`, followed only on the platform's own origin. */
  private async platformFile(source: ImageSource): Promise<Buffer> {
    if (source.kind !== 'platform') throw notFound();
    const platform =
      typeof this.options.platform === 'function' ? this.options.platform() : this.options.platform;
    const base = platform.url.replace(/\/+$/, '');
    const linkAnswer = await this.call({
      method: 'POST',
      url: `${base}/pub/v1/disk/file/${encodeURIComponent(source.fileId)}/get-link`,
      headers: {
        Authorization: `Bearer ${platform.token}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: {},
      timeoutMs: this.timeoutMs,
      maxBytes: 64 * 1024,
    });
    const link = (jsonOf(linkAnswer) as { Link?: unknown } | undefined)?.Link;
    if (typeof link !== 'string') throw upstreamFailure('Платформа', 'ответ без ссылки');
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw upstreamFailure('Платформа', 'неверная ссылка на файл');
    }
    if (url.origin !== new URL(base).origin || url.username !== '' || url.password !== '') {
      throw upstreamFailure('Платформа', 'ссылка на файл ведёт на другой сервер');
    }
    const file = await this.call({
      method: 'GET',
      url: url.href,
      headers: { Accept: 'image/*' },
      timeoutMs: this.timeoutMs,
      maxBytes: this.maxInputBytes,
    });
    return file.body;
  }

  /** One platform call: 2xx answered; 404/400 mean an unknown file; a too-large file is a 422. */
  private async call(request: Parameters<typeof callUpstream>[3]): Promise<UpstreamAnswer> {
    let answer: UpstreamAnswer;
    try {
      answer = await callUpstream(this.http, this.agents, 'Платформа', request);
    } catch (error) {
      if (error instanceof ApiException && error.body.code === 'upstream_too_large') {
        throw unprocessable('Изображение слишком большое');
      }
      throw error;
    }
    if (answer.status >= 200 && answer.status <= 299) return answer;
    if (answer.status === 404 || answer.status === 400 || answer.status === 410) throw notFound();
    throw upstreamStatusError('Платформа', answer);
  }

  private binPath(key: string): string {
    return join(this.options.cacheDir, key.slice(0, 2), `${key}.bin`);
  }

  private async readMeta(key: string): Promise<CacheMeta | null> {
    try {
      const meta = JSON.parse(
        await readFile(join(this.options.cacheDir, key.slice(0, 2), `${key}.json`), 'utf8'),
      ) as Partial<CacheMeta>;
      return typeof meta.etag === 'string' && typeof meta.contentType === 'string'
        ? { etag: meta.etag, contentType: meta.contentType }
        : null;
    } catch {
      return null;
    }
  }

  /** Writes body then meta, each through a temporary file and a rename, so readers never see half a file. */
  private async write(key: string, meta: CacheMeta, body: Buffer): Promise<void> {
    const dir = join(this.options.cacheDir, key.slice(0, 2));
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${randomUUID()}`);
    await writeFile(temp, body);
    await rename(temp, this.binPath(key));
    await writeFile(temp, JSON.stringify(meta));
    await rename(temp, join(dir, `${key}.json`));
  }
}
