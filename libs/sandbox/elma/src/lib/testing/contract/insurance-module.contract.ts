import { dateFieldDay, federationToday, fullYearsOn } from '@fed/calendar';
import { platformScripts } from '@fed/contracts';
import { expect, it } from 'vitest';
import type { ContractArea } from './contract-client';

/** Scripts of the `insurance` module: legal representatives. */
export const insuranceModuleContract: ContractArea = {
  writes: (client) => {
    const { t, postScript, expectError, anAthlete } = client;
    it('creates and then updates the legal representative of a minor; refuses an adult athlete', async () => {
      // Years clear of 18 either way, so that neither is near coming of age on the platform's today.
      const today = federationToday(t().clock);
      const yearsOf = (birth: string | null | undefined) => {
        const day = birth ? dateFieldDay(birth) : null;
        return day ? fullYearsOn(day, today) : null;
      };
      const minor = await anAthlete((athlete) => (yearsOf(athlete.date_of_birth) ?? Infinity) < 16);
      const adult = await anAthlete((athlete) => (yearsOf(athlete.date_of_birth) ?? -Infinity) > 20);
      const body = {
        firstname: 'Ольга',
        lastname: 'Петрова',
        middlename: 'Ивановна',
        date_of_birth: '1985-04-12',
        sportsmanId: minor.__id,
      };
      const first = platformScripts.createUpdateLegalRepresentative.output.parse(
        (await postScript('insurance', 'createUpdateLegalRepresentative', body).expect(200)).body,
      );
      const second = platformScripts.createUpdateLegalRepresentative.output.parse(
        (
          await postScript('insurance', 'createUpdateLegalRepresentative', {
            ...body,
            firstname: 'Елена',
          }).expect(200)
        ).body,
      );
      expect(second.data.__id).toBe(first.data.__id);
      expect(second.data.firstname).toBe('Елена');
      expect(second.data.created).toBe(false);
      expectError(
        (
          await postScript('insurance', 'createUpdateLegalRepresentative', {
            ...body,
            sportsmanId: adult.__id,
          }).expect(400)
        ).body,
      );
      expectError(
        (
          await postScript('insurance', 'createUpdateLegalRepresentative', {
            ...body,
            date_of_birth: '2015-01-01',
          }).expect(400)
        ).body,
      );
    });
  },
};
