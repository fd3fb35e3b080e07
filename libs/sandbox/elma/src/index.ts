// The ELMA365 platform twin (server only; the api mounts it through `@fed/sandbox-mount`).
export { ElmaTwinModule } from './lib/elma-twin.module';
export { ELMA_TWIN_PREFIX, type ElmaTwinOptions, type SandboxSeed } from './lib/core/elma-options';
export {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
  demoPhones,
  type DemoPhone,
} from './lib/seed/demo-accounts';
