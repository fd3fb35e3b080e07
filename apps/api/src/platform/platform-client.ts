import { Inject, Injectable } from '@nestjs/common';
import {
  elmaItemAnswerSchema,
  PLATFORM_NAMESPACE,
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

  private async request(
    call: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.options.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
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
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new PlatformError('answer', call, response.status);
    }
  }
}
