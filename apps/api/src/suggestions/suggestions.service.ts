import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  addressSuggestionsAnswerSchema,
  addressSuggestionsRequestSchema,
  partySuggestionsAnswerSchema,
  partySuggestionsRequestSchema,
  type AddressSuggestionsAnswer,
  type PartySuggestionsAnswer,
} from '@fed/contracts';
import { ADDRESS_SEARCH_COUNTRIES } from '@fed/validation';
import type { z } from 'zod';
import { RateLimits, type RateLimit, type RateLimitOptions } from '../common/rate-limits';
import {
  callUpstream,
  jsonOf,
  upstreamFailure,
  upstreamStatusError,
  UpstreamHttp,
} from '../platform/upstream-http';
import { TtlCache } from './ttl-cache';

export interface DadataUpstreamOptions {
  /** `DADATA_URL` (`https://suggestions.dadata.ru`) or the twin (`http://127.0.0.1:3000/sandbox/dadata`). */
  url: string;
  /** `DADATA_TOKEN`: sent as `Authorization: Token …`; never logged, never sent to browsers. */
  token: string;
}

export interface SuggestionsModuleOptions {
  /** The upstream, or a factory when it is known only once the api listens (the sandbox twin's port). */
  dadata: DadataUpstreamOptions | (() => DadataUpstreamOptions);
  /** Overall deadline of one DaData call (504 past it). Default 5000 ms. */
  timeoutMs?: number;
  /** How long an answer is reused for the same normalized request. Default 60 000 ms; 0 turns caching off. */
  cacheTtlMs?: number;
  /** Answers kept at most. Default 1000. */
  cacheMaxEntries?: number;
  /** Per-IP limit. Default a burst of 30, then 120 a minute. */
  rateLimit?: RateLimitOptions;
}

export const SUGGESTIONS_OPTIONS = Symbol('SUGGESTIONS_OPTIONS');

type Kind = 'address' | 'party';
type Answer = AddressSuggestionsAnswer | PartySuggestionsAnswer;

const normalizeQuery = (query: string) => query.replace(/\s+/g, ' ').trim();

/** Address and company suggestions from DaData, validated, rate-limited per IP and briefly cached. */
@Injectable()
export class SuggestionsService implements OnModuleDestroy {
  private readonly http = new UpstreamHttp();
  private readonly limit: RateLimit;
  private readonly cache: TtlCache<Answer>;
  private readonly timeoutMs: number;

  constructor(
    @Inject(SUGGESTIONS_OPTIONS) private readonly options: SuggestionsModuleOptions,
    limits: RateLimits,
  ) {
    this.limit = limits.limit('suggestions', options.rateLimit ?? { burst: 30, perMinute: 120 });
    this.cache = new TtlCache(options.cacheMaxEntries ?? 1000, options.cacheTtlMs ?? 60_000);
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  onModuleDestroy(): void {
    this.http.destroy();
  }

  /** `clientKey`: the client's address (the per-IP limit); `input`: the body the controller's pipe checked. */
  async address(
    clientKey: string,
    input: z.output<typeof addressSuggestionsRequestSchema>,
  ): Promise<AddressSuggestionsAnswer> {
    await this.limit.take(clientKey);
    const locations = input.locations ?? ADDRESS_SEARCH_COUNTRIES.map((code) => ({ country_iso_code: code }));
    const upstreamBody = {
      query: normalizeQuery(input.query),
      count: input.count,
      locations: [...locations].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      ...(input.from_bound ? { from_bound: input.from_bound } : {}),
      ...(input.to_bound ? { to_bound: input.to_bound } : {}),
    };
    return this.suggest('address', upstreamBody) as Promise<AddressSuggestionsAnswer>;
  }

  async party(
    clientKey: string,
    input: z.output<typeof partySuggestionsRequestSchema>,
  ): Promise<PartySuggestionsAnswer> {
    await this.limit.take(clientKey);
    return this.suggest('party', {
      query: normalizeQuery(input.query),
      count: input.count,
    }) as Promise<PartySuggestionsAnswer>;
  }

  private async suggest(kind: Kind, body: Record<string, unknown>): Promise<Answer> {
    // The key is the normalized upstream body: the same question in another spelling of spaces, case of
    // the query or order of locations is one entry.
    const key = `${kind}:${JSON.stringify({ ...body, query: String(body['query']).toLowerCase() })}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;

    const dadata = typeof this.options.dadata === 'function' ? this.options.dadata() : this.options.dadata;
    const answer = await callUpstream(this.http, 'Сервис подсказок', {
      method: 'POST',
      url: `${dadata.url.replace(/\/+$/, '')}/suggestions/api/4_1/rs/suggest/${kind}`,
      headers: {
        Authorization: `Token ${dadata.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(body),
      timeoutMs: this.timeoutMs,
      maxBytes: 2 * 1024 * 1024,
    });
    if (answer.status < 200 || answer.status > 299) throw upstreamStatusError('Сервис подсказок', answer);
    const schema = kind === 'address' ? addressSuggestionsAnswerSchema : partySuggestionsAnswerSchema;
    const parsed = schema.safeParse(jsonOf(answer));
    if (!parsed.success) throw upstreamFailure('Сервис подсказок', 'ответ не по протоколу');
    this.cache.set(key, parsed.data);
    return parsed.data;
  }
}
