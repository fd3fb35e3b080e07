/**
 * What the sandbox's demo federation is made of, for everybody who must agree on it: the platform twin seeds
 * it, the api's sandbox wiring gives its phones their logins, the e2e journeys and tests sign in with them.
 * No contract: a real deployment never reads these (its ids come from the environment).
 */
export { sandboxPublicConfig } from './lib/sandbox-public-config';
export {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
  demoPhones,
  type DemoPhone,
} from './lib/demo-accounts';
