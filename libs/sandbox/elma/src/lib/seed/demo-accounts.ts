// The demo logins live in the sandbox fixtures (the api's sandbox wiring and the e2e journeys read them too);
// the seed uses them from here.
export {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
  demoPhones,
  type DemoPhone,
} from '@fed/sandbox-fixtures';
