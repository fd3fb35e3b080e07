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
      // Spec §7: the body names the representative alone; the athlete is the call's `userId` header.
      const body = {
        firstname: 'Ольга',
        lastname: 'Петрова',
        middlename: 'Ивановна',
        date_of_birth: '1985-04-12',
      };
      const save = (input: unknown, userId?: string) =>
        postScript('insurance', 'createUpdateLegalRepresentative', input, userId);
      const first = platformScripts.createUpdateLegalRepresentative.output.parse(
        (await save(body, minor.__id).expect(200)).body,
      );
      expect(first.data).toMatchObject({ lastname: 'Петрова', sportsman: [minor.__id] });
      const second = platformScripts.createUpdateLegalRepresentative.output.parse(
        (await save({ ...body, firstname: 'Елена' }, minor.__id).expect(200)).body,
      );
      expect(second.data.__id).toBe(first.data.__id);
      expect(second.data.firstname).toBe('Елена');
      expect(second.data.created).toBe(false);
      expectError((await save(body, adult.__id).expect(400)).body);
      expectError((await save({ ...body, date_of_birth: '2015-01-01' }, minor.__id).expect(400)).body);
      // No athlete in the body, and none but the header's.
      expectError((await save(body).expect(400)).body);
      expectError((await save({ ...body, sportsmanId: minor.__id }, minor.__id).expect(400)).body);
    });
  },
};
