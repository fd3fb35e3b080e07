import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sql } from 'kysely';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { APP_CONFIG } from '../app/app-config.token';
import type { AppConfig } from '../config/app-config';

type Check = { ok: true; ms: number } | { ok: false; ms: number; error: string };

const PLATFORM_TIMEOUT_MS = 3000;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await probe();
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, ms: Math.round(performance.now() - started), error: reason.slice(0, 200) };
  }
}

/**
 * `GET /api/ready`: can this instance serve? It checks the auth store and the platform (or its twin).
 * 200 when both answer, 503 otherwise, so a load balancer takes a broken instance out of rotation.
 */
@Controller('api/ready')
export class ReadyController {
  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async ready(@Res() response: Response): Promise<void> {
    const [store, platform] = await Promise.all([
      timed(() => sql`select 1`.execute(this.db)),
      timed(() => this.pingPlatform()),
    ]);
    const ready = store.ok && platform.ok;
    response
      .status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
      .json({ status: ready ? 'ready' : 'not_ready', checks: { store, platform } });
  }

  /** The platform answers a one-item list with our token. */
  private async pingPlatform(): Promise<void> {
    const platform = this.config.platform;
    if (!platform) throw new Error('no platform configured');
    const answer = await fetch(`${platform.url}/pub/v1/app/sport/vozrastnye_klassy/list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${platform.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ active: true, from: 0, size: 1 }),
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
    // 401/403: our token is refused, which no request could get past either.
    if (answer.status >= 500 || answer.status === 401 || answer.status === 403) {
      throw new Error(`platform answered ${answer.status}`);
    }
  }
}
