import 'reflect-metadata';
import { startApi } from './app/start-api';
import { ConfigError } from './config/app-config';

// Every file and directory the api creates (stores, the sandbox's secrets and uploads, caches) is the
// owner's alone, whatever the host's umask; the stores also set their modes themselves.
process.umask(0o077);

startApi(process.env).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The api failed to start:', error);
  }
  process.exit(1);
});
