// The demo logins live in the shared contracts (the e2e journeys read them too); the seed uses them from here.
export {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
  demoPhones,
  type DemoPhone,
} from '@fed/contracts';
