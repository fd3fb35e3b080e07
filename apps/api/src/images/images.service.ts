import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ImageFormat } from '@fed/contracts';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { readFile, realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import sharp from 'sharp';
import { ApiException } from '../common/api-exception.filter';
import { RateLimits, type RateLimit, type RateLimitOptions } from '../common/rate-limits';
import { PlatformClient, PlatformError, type PlatformClientOptionsSource } from '../platform/platform-client';
import { ImageDiskCache } from './image-cache';
import { parseImageRequest, type ImageModifiers, type ImageSource } from './image-request';
import { TransformQueue } from './transform-queue';

export interface ImagesModuleOptions {
  /**
   * The platform whose disk files may be resized (`PLATFORM_URL`, `PLATFORM_TOKEN`), or a factory; its
   * `timeoutMs` is the deadline of each platform call (default 10 000 ms).
   */
  platform: PlatformClientOptionsSource;
  /** The portal build: its image files may be resized too. */
  portalDistDir: string;
  /** Where resized images are kept (created when missing), e.g. `var/cache/img`. */
  cacheDir: string;
  /** Largest source image in bytes. Default 10 MiB. */
  maxInputBytes?: number;
  /** Largest source image in pixels (decompression bombs). Default 40 000 000. */
  maxInputPixels?: number;
  /**
   * Bytes the resize cache may hold on disk (`IMAGE_CACHE_MAX_BYTES`); the least recently used images
   * go first. Default 256 MiB.
   */
  cacheMaxBytes?: number;
  /** Resizes (cache misses) per client IP; cached answers are not counted. Default a burst of 30, then 120 a minute. */
  rateLimit?: RateLimitOptions;
  /**
   * Resizes (source read, decode, encode, cache write) running at once. Default the number of CPUs, at
   * most the libuv thread pool less two: sharp works in that pool, and cache hits read their files
   * through it, so hits must always find a free thread.
   */
  maxConcurrentTransforms?: number;
  /** Resizes waiting for a slot, all clients together; more → 503 with `Retry-After`. Default 32. */
  maxQueuedTransforms?: number;
  /**
   * Resizes one client IP may have running or waiting; more → 429 with `Retry-After`. Default 8: a
   * browser opens at most 6 connections to a host, so one person's page of new images is never refused.
   */
  maxTransformsPerClient?: number;
}

export const DEFAULT_IMAGE_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** Refuses options that would make the limits meaningless, naming the option (start-up fails). */
export function checkImagesOptions(options: ImagesModuleOptions): void {
  const positive: [string, number | undefined][] = [
    ['cacheMaxBytes (IMAGE_CACHE_MAX_BYTES)', options.cacheMaxBytes],
    ['maxConcurrentTransforms', options.maxConcurrentTransforms],
    ['maxTransformsPerClient', options.maxTransformsPerClient],
  ];
  for (const [name, value] of positive) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1)) {
      throw new Error(`ImagesModule: ${name} must be a whole number of at least 1, got ${String(value)}`);
    }
  }
  const queued = options.maxQueuedTransforms;
  if (queued !== undefined && !(Number.isSafeInteger(queued) && queued >= 0)) {
    throw new Error(`ImagesModule: maxQueuedTransforms must be a whole number, got ${String(queued)}`);
  }
}

function defaultConcurrentTransforms(): number {
  // Node's own setting, not the api's configuration: the pool size is fixed when the process starts.
  const pool = Number(process.env['UV_THREADPOOL_SIZE']) || 4;
  return Math.max(1, Math.min(availableParallelism(), pool - 2));
}

export const IMAGES_OPTIONS = Symbol('IMAGES_OPTIONS');

export type ImageAnswer =
  | { kind: 'not-modified'; etag: string; cacheControl: string }
  | { kind: 'image'; etag: string; cacheControl: string; contentType: string; body: Buffer };

interface Resized {
  etag: string;
  format: ImageFormat;
  body: Buffer;
}

const DECODABLE = new Set<string>(['jpeg', 'png', 'webp', 'avif']);
/**
 * AVIF encoder effort (sharp's default is 4). At 4 one 1400 × 1400 noise picture took 25 s of a resize slot
 * on a 2-core machine, at 2 it takes 2 s (a photo at 1920 px: 0.3 s) for files a few per cent bigger: one
 * request must not hold a slot for half a minute. sharp's own timeout does not interrupt the AVIF encoder.
 */
const AVIF_EFFORT = 2;
const PORTAL_CACHE_CONTROL = 'public, max-age=604800';
const PLATFORM_CACHE_CONTROL = 'public, max-age=86400';

function unprocessable(message: string): ApiException {
  return new ApiException(422, { code: 'image_unprocessable', message });
}

function notFound(): ApiException {
  return new ApiException(404, { code: 'not_found', message: 'Изображение не найдено' });
}

const quoted = (etag: string) => `"${etag}"`;

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
export class ImagesService implements OnModuleInit {
  private readonly inFlight = new Map<string, Promise<Resized>>();
  private readonly maxInputBytes: number;
  private readonly maxInputPixels: number;
  private readonly resizes: RateLimit;
  /** Exposed for tests and metrics: what is running and waiting. */
  readonly queue: TransformQueue;
  /** Exposed for tests and metrics: bytes and entries on disk. */
  readonly cache: ImageDiskCache;

  constructor(
    private readonly platform: PlatformClient,
    @Inject(IMAGES_OPTIONS) private readonly options: ImagesModuleOptions,
    limits: RateLimits,
  ) {
    this.maxInputBytes = options.maxInputBytes ?? 10 * 1024 * 1024;
    this.maxInputPixels = options.maxInputPixels ?? 40_000_000;
    this.resizes = limits.limit('image-resizes', options.rateLimit ?? { burst: 30, perMinute: 120 });
    checkImagesOptions(options);
    this.queue = new TransformQueue({
      maxRunning: options.maxConcurrentTransforms ?? defaultConcurrentTransforms(),
      maxQueued: options.maxQueuedTransforms ?? 32,
      maxPerClient: options.maxTransformsPerClient ?? 8,
    });
    this.cache = new ImageDiskCache(options.cacheDir, options.cacheMaxBytes ?? DEFAULT_IMAGE_CACHE_MAX_BYTES);
  }

  /** Rebuilds the cache index from the directory (and trims it to the limit) before the first request. */
  async onModuleInit(): Promise<void> {
    await this.cache.load();
  }

  /**
   * Cache hits are answered at once; misses (resizes) go through the per-client rate limit and the fair,
   * bounded queue, and two requests for the same variant share one resize.
   *
   * @param clientKey the client's address, the unit of the rate limit and of fairness in the queue.
   */
  async serve(rawPath: string, ifNoneMatch: string | undefined, clientKey: string): Promise<ImageAnswer> {
    const request = parseImageRequest(rawPath);
    const { source } = request;
    const portalFile = source.kind === 'portal' ? await this.portalFile(source.path) : null;
    const identity =
      portalFile === null
        ? `platform:${(source as Extract<ImageSource, { kind: 'platform' }>).fileId}`
        : `portal:${portalFile.path}:${portalFile.size}:${portalFile.mtimeMs}`;
    const key = createHash('sha256').update(`${identity}|${request.canonicalModifiers}`).digest('hex');
    const cacheControl = source.kind === 'portal' ? PORTAL_CACHE_CONTROL : PLATFORM_CACHE_CONTROL;

    const cached = this.cache.lookup(key);
    if (cached !== undefined && matchesIfNoneMatch(ifNoneMatch, quoted(cached.etag))) {
      return { kind: 'not-modified', etag: quoted(cached.etag), cacheControl };
    }
    const cachedBody = cached === undefined ? null : await this.cache.read(cached);
    let result: Resized;
    if (cached !== undefined && cachedBody !== null) {
      result = { etag: cached.etag, format: cached.format, body: cachedBody };
    } else {
      let pending = this.inFlight.get(key);
      if (pending === undefined) {
        await this.resizes.take(clientKey);
        // Counting waited on the store: the same variant may have started meanwhile, and is shared then.
        pending = this.inFlight.get(key);
      }
      if (pending === undefined) {
        const portalPath = portalFile?.path ?? null;
        pending = this.queue
          .run(clientKey, () => this.produce(key, request.modifiers, source, portalPath))
          .finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, pending);
      }
      result = await pending;
    }
    const etag = quoted(result.etag);
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return { kind: 'not-modified', etag, cacheControl };
    return { kind: 'image', etag, cacheControl, contentType: `image/${result.format}`, body: result.body };
  }

  private async produce(
    key: string,
    modifiers: ImageModifiers,
    source: ImageSource,
    portalPath: string | null,
  ): Promise<Resized> {
    const input = portalPath !== null ? await readFile(portalPath) : await this.platformFile(source);
    const { body, format } = await this.resize(input, modifiers);
    const etag = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    // A cache that cannot be written (disk full, read-only) costs speed, never the answer.
    await this.cache.store(key, etag, format, body).catch(() => undefined);
    return { etag, format, body };
  }

  private async resize(
    input: Buffer,
    modifiers: ImageModifiers,
  ): Promise<{ body: Buffer; format: ImageFormat }> {
    try {
      const options = { limitInputPixels: this.maxInputPixels, failOn: 'error' as const };
      const { format: inputFormat } = await sharp(input, options).metadata();
      const format: ImageFormat =
        modifiers.format ??
        (inputFormat !== undefined && DECODABLE.has(inputFormat) ? (inputFormat as ImageFormat) : 'png');
      const body = await sharp(input, options)
        .rotate()
        .resize({
          width: modifiers.width,
          height: modifiers.height,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .toFormat(format, {
          ...(modifiers.quality === undefined ? {} : { quality: modifiers.quality }),
          ...(format === 'avif' ? { effort: AVIF_EFFORT } : {}),
        })
        .toBuffer();
      return { body, format };
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

  /**
   * A platform disk file, read by the platform client (a temporary link followed only on the platform's own
   * origin). An unknown file is a 404, one past the byte limit a 422, other failures the client's 429/502/504.
   */
  private async platformFile(source: ImageSource): Promise<Buffer> {
    if (source.kind !== 'platform') throw notFound();
    let file: Awaited<ReturnType<PlatformClient['readFile']>>;
    try {
      file = await this.platform.readFile(source.fileId, this.maxInputBytes);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.failure === 'too_large') throw unprocessable('Изображение слишком большое');
      // A download link the platform refuses as malformed names no file it has.
      if (error.status === 400) throw notFound();
      throw error.toApiException('файл не получен');
    }
    if (file === null) throw notFound();
    return file.body;
  }
}
