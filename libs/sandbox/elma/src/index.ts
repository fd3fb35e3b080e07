// The ELMA365 platform twin (server only; the api mounts it through `@fed/sandbox-mount`). The demo logins it
// seeds are `libs/contracts`' (the journeys read them there).
export { ElmaTwinModule } from './lib/elma-twin.module';
export { ELMA_TWIN_PREFIX, type ElmaTwinOptions, type SandboxSeed } from './lib/core/elma-options';
