import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import {
  RECONCILE_PAYMENTS_COMMAND,
  reconcileExitCodes,
  reconcilePaymentsOnce,
  StderrLogger,
} from './app/reconcile-payments';
import { startApi } from './app/start-api';
import { ConfigError, DEFAULT_NODE_ENV } from './config/app-config';

// Every file and directory the api creates (stores, the sandbox's secrets and uploads, caches) is the
// owner's alone, whatever the host's umask; the stores also set their modes themselves.
process.umask(0o077);

// The libraries the server renderer loads from node_modules (React, Redux Toolkit) choose their development or
// production build by `process.env.NODE_ENV`, and the api's own default is a deployment: unset, they ran as in
// development (slower renders, development-only checks and warnings) under an api configured for production.
process.env['NODE_ENV'] ??= DEFAULT_NODE_ENV;

function fail(what: string, error: unknown): void {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(what, error);
  }
  process.exit(reconcileExitCodes.failed);
}

const command = process.argv[2];
if (command === RECONCILE_PAYMENTS_COMMAND) {
  // One reconciliation with the api's configuration, its report on stdout (`npm run payments:reconcile`).
  Logger.overrideLogger(new StderrLogger());
  reconcilePaymentsOnce(process.env).then(
    (report) => {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      process.exitCode = report.raised.length > 0 ? reconcileExitCodes.raised : reconcileExitCodes.clean;
    },
    (error: unknown) => fail('The payments reconciliation failed:', error),
  );
} else if (command !== undefined) {
  // A mistyped command must not start a second api beside the running one.
  console.error(
    `Unknown command ${JSON.stringify(command)}; the one command is ${RECONCILE_PAYMENTS_COMMAND}`,
  );
  process.exit(reconcileExitCodes.failed);
} else {
  startApi(process.env).catch((error: unknown) => fail('The api failed to start:', error));
}
