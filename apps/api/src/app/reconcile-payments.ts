import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { connect } from 'node:net';
import { loadConfig, type AppConfig } from '../config/app-config';
import type { Env } from '../config/env';
import { prepareSandboxSecrets } from '../config/sandbox-secrets';
import { DEFAULT_ORDERS_CONFIG } from '../orders/orders-config';
import { PaymentsReconciliationJob, type ReconciliationReport } from '../orders/payments-reconciliation';
import type { AppWiring } from './app.module';
import { createApp } from './create-app';

/** `node dist/apps/api/main.cjs reconcile-payments`: what `npm run payments:reconcile` runs. */
export const RECONCILE_PAYMENTS_COMMAND = 'reconcile-payments';

/**
 * Exit codes of the command: the report was clean (or another runner was at it), something was raised
 * (the report says what), or it could not run (the configuration, the store or the provider failed).
 */
export const reconcileExitCodes = { clean: 0, failed: 1, raised: 2 } as const;

/** Whether something accepts connections on the loopback port (an api serving the sandbox's twins). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * One payments reconciliation with the api's own configuration, read from the same environment as `main`
 * reads it (one message naming every bad variable): the same store, the same provider. The whole app is built
 * (so the orders service applies repairs exactly as the serving instances do) but listens nowhere and starts
 * none of its jobs; the lease in the store keeps it from running beside a scheduled run of a serving instance.
 *
 * In a sandbox the provider and the platform are twins that an api serves on `PORT`: when one is running, this
 * run talks to it; when none is, this process serves them itself on loopback for the run, from the same data.
 */
export async function reconcilePaymentsOnce(env: Env, wiring: AppWiring = {}): Promise<ReconciliationReport> {
  const loaded = prepareSandboxSecrets(loadConfig(env));
  const config: AppConfig = {
    ...loaded,
    orders: { ...(loaded.orders ?? DEFAULT_ORDERS_CONFIG), reminderIntervalMs: 0, reconcileIntervalMs: 0 },
  };
  const app = await createApp(config, wiring);
  try {
    if (config.deployment.kind === 'sandbox' && !(await listening(config.port))) {
      await app.listen(config.port, '127.0.0.1');
    }
    return await app.get(PaymentsReconciliationJob).run();
  } finally {
    await app.close();
  }
}

/**
 * The api's logger with every line on stderr: the command's stdout carries the report alone, so that
 * `npm run -s payments:reconcile > report.json` or a monitoring script can read it as JSON.
 */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }
}
