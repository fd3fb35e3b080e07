import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PLATFORM_NAMESPACE, platformApps } from '@fed/contracts';
import type { Caller } from '../common/caller';
import { matchPlatformUrl, PlatformAllowlist, proxyUrlParameter, type ProxyMethod } from './platform-url';
import {
  checkAnswer,
  checkAudience,
  checkInput,
  checkUserIdHeader,
  proxyPolicies,
  type OwnerLookups,
} from './proxy-policy';
import {
  DEFAULT_PROXY_MAX_ANSWER_BYTES,
  DEFAULT_PROXY_TIMEOUT_MS,
  PROXY_OPTIONS,
  type PlatformUpstreamOptions,
  type ProxyModuleOptions,
} from './proxy-options';
import {
  callUpstream,
  jsonOf,
  upstreamFailure,
  upstreamStatusError,
  UpstreamAgents,
  type UpstreamAnswer,
} from './upstream-call';

export interface ProxyCall {
  method: ProxyMethod;
  /** The raw request target (`request.originalUrl`), whose `url` parameter names the platform path. */
  requestTarget: string;
  /** The parsed JSON body of a POST. */
  body: unknown;
  caller: Caller | null;
  /** The `userId` header, when sent. */
  userId: string | undefined;
}

export interface ProxyAnswer {
  status: number;
  /** The platform's JSON, byte for byte. */
  body: Buffer;
  /** Whether the answer depends on who asked (then it must not be cached by shared caches). */
  personal: boolean;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * The GET/POST proxy to the platform: allowlist and input check (`platform-url`), audience and ownership
 * (`proxy-policy`), then one upstream call with the server's own credentials. Nothing of the caller's
 * request but the validated input goes upstream: no headers, no cookies.
 */
@Injectable()
export class ProxyService implements OnModuleDestroy {
  private readonly agents = new UpstreamAgents();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private resolved: { upstream: PlatformUpstreamOptions; base: string; allowlist: PlatformAllowlist } | null =
    null;

  constructor(
    private readonly http: HttpService,
    @Inject(PROXY_OPTIONS) private readonly options: ProxyModuleOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS;
    this.maxBytes = options.maxAnswerBytes ?? DEFAULT_PROXY_MAX_ANSWER_BYTES;
  }

  onModuleDestroy(): void {
    this.agents.destroy();
  }

  private get platform() {
    if (this.resolved === null) {
      const upstream =
        typeof this.options.platform === 'function' ? this.options.platform() : this.options.platform;
      this.resolved = {
        upstream,
        base: upstream.url.replace(/\/+$/, ''),
        allowlist: new PlatformAllowlist(upstream.extensions),
      };
    }
    return this.resolved;
  }

  async handle(call: ProxyCall): Promise<ProxyAnswer> {
    const url = proxyUrlParameter(call.requestTarget);
    const target = matchPlatformUrl(this.platform.allowlist, call.method, url, call.body);
    const policy = proxyPolicies[target.key];
    checkAudience(policy, call.caller);
    checkUserIdHeader(call.caller, call.userId);
    const lookups = this.lookups();
    await checkInput(policy, target, call.caller, lookups);

    const answer = await this.send(target.upstream.method, target.upstream.path, target.upstream.body);
    if (answer.status < 200 || answer.status > 299) throw upstreamStatusError('Платформа', answer);
    const json = jsonOf(answer);
    if (json === undefined) throw upstreamFailure('Платформа', 'ответ не JSON');
    await checkAnswer(policy, call.caller, json, lookups);
    return {
      status: answer.status,
      body: answer.body,
      personal: call.caller !== null || policy.audience !== 'guest',
    };
  }

  private send(method: ProxyMethod, path: string, body?: unknown): Promise<UpstreamAnswer> {
    const { base, upstream } = this.platform;
    return callUpstream(this.http, this.agents, 'Платформа', {
      method,
      url: `${base}${path}`,
      headers: {
        Authorization: `Bearer ${upstream.token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body,
      timeoutMs: this.timeoutMs,
      maxBytes: this.maxBytes,
    });
  }

  /** A JSON answer of an ownership lookup; `null` when the platform does not know the record (4xx). */
  private async lookup(path: string): Promise<unknown> {
    const answer = await this.send('GET', path);
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403) {
      return null;
    }
    if (answer.status < 200 || answer.status > 299) throw upstreamStatusError('Платформа', answer);
    const json = jsonOf(answer);
    if (json === undefined) throw upstreamFailure('Платформа', 'ответ не JSON');
    return json;
  }

  /** Owner lookups of one proxy call, each record asked at most once. */
  private lookups(): OwnerLookups {
    const memo = new Map<string, Promise<unknown>>();
    const once = (path: string) => {
      let pending = memo.get(path);
      if (pending === undefined) {
        pending = this.lookup(path);
        memo.set(path, pending);
      }
      return pending;
    };
    const item = async (app: string, id: string) =>
      field(await once(`/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/${encodeURIComponent(id)}/get`), 'item');
    const moduleId = () => this.platform.upstream.extensions.application;
    return {
      request: async (id) => {
        const data = encodeURIComponent(JSON.stringify({ id }));
        const answer = await once(`/api/extensions/${moduleId()}/script/getApplicationById?data=${data}`);
        const view = field(answer, 'data');
        if (typeof view !== 'object' || view === null) return null;
        return {
          sportsmanIds: ids(field(view, 'sportsman')),
          competitionId: ids(field(view, 'competition'))[0] ?? null,
        };
      },
      competitionOrganizers: async (id) => {
        const record = await item(platformApps.competitions, id);
        return record === undefined ? null : ids(field(record, 'organizer'));
      },
      saleOwners: async (id) => {
        const record = await item(platformApps.sales, id);
        return record === undefined ? null : ids(field(record, 'sportsman'));
      },
    };
  }
}
