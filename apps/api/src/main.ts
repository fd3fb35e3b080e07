import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app/create-app';
import { ConfigError, loadConfig } from './config/app-config';
import { loadAuthConfig } from './config/auth-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const auth = loadAuthConfig();
  const app = await createApp(config, { auth, extensions: config.publicConfig?.extensions });
  await app.listen(config.port, config.host);
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  new Logger('Bootstrap').log(`Portal and api listening on http://${shownHost}:${config.port}`);
  new Logger('Bootstrap').log(
    `Auth store: ${auth.database.kind}; access tokens ${auth.jwt.algorithm}, key from ${auth.jwtKeySource}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The api failed to start:', error);
  }
  process.exit(1);
});
