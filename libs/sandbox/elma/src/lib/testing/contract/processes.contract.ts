import {
  createSportsmanProcess,
  elmaItemAnswerSchema,
  elmaRunProcessAnswerSchema,
  platformApps,
  sportsmanRecordSchema,
  platformScripts,
} from '@fed/contracts';
import { expect, it } from 'vitest';
import { NS, must, type ContractArea } from './contract-client';

/**
 * Business process `create_sportsman` of the `sportsman` app: started directly and through the `runBP` script
 * (spec §7: `{application: 'sportsman', process: 'create_sportsman', context}`), with a new athlete's context or
 * the organization or sportsman update context of a profile.
 */
export const processesContract: ContractArea = {
  writes: (client) => {
    const { get, post, getScript, postScript, expectError } = client;
    const runBP = (context: Record<string, unknown>) =>
      postScript('functions', 'runBP', { ...createSportsmanProcess, context });

    it('creates an athlete, then updates it with the sportsman update context', async () => {
      const started = elmaRunProcessAnswerSchema.parse(
        (
          await post(`/pub/v1/bpm/template/${NS}/create_sportsman/run`, {
            context: {
              fio: { lastname: 'Тестов', firstname: 'Пётр', middlename: 'Ильич' },
              date_of_birth: '2014-03-05',
              gorod: 'Тула',
              gender: 'male',
              phone: '+79991112233',
            },
          }).expect(200)
        ).body,
      );
      const id = started.context['recordId'] as string;
      const created = sportsmanRecordSchema.parse(
        elmaItemAnswerSchema.parse(
          (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${id}/get`).expect(200)).body,
        ).item,
      );
      expect(created.__name).toBe('Тестов Пётр Ильич');
      expect(created.age_class?.length).toBeGreaterThan(0);
      const viaScript = platformScripts.runBP.output.parse(
        (
          await runBP({
            fio: { lastname: 'Скриптова', firstname: 'Алла', middlename: '' },
            date_of_birth: '2012-09-09',
            gorod: 'Тула',
            gender: 'female',
          }).expect(200)
        ).body,
      );
      expect(viaScript.data).toMatchObject({ process: 'create_sportsman', written: true });
      const updated = platformScripts.runBP.output.parse(
        (
          await runBP({
            is_need_update_sportsman: true,
            representive: true,
            sportsman: [id],
            id,
            fio: { lastname: 'Тестов', firstname: 'Пётр', middlename: 'Ильич' },
            gorod: 'Калуга',
            date_of_birth: '2014-03-05',
            trener: 'Иванов Иван Иванович',
            contractortype: 'sportsman',
            gender: 'male',
            email: 'petr@example.org',
            vk_link: 'https://vk.com/id1',
            vk_link_available: false,
            fieldsForClear: ['vk_link'],
          }).expect(200)
        ).body,
      );
      expect(updated.data).toMatchObject({ process: 'create_sportsman', recordId: id, written: true });
      const after = elmaItemAnswerSchema.parse(
        (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${id}/get`).expect(200)).body,
      ).item;
      expect(after['gorod']).toBe('Калуга');
      expect(after['coach']).toBe('Иванов Иван Иванович');
      expect(after['email_kontr']).toEqual([{ type: 'main', email: 'petr@example.org' }]);
      expect(after['vk_link']).toBeUndefined();
      expectError(
        (await post(`/pub/v1/bpm/template/${NS}/create_sportsman/run`, { context: { fio: {} } }).expect(400))
          .body,
      );
      // An update context without what it must carry, another process, another app: 400 with the reason.
      expectError(
        (await runBP({ contractortype: 'organization', id, is_need_update_sportsman: true }).expect(400))
          .body,
      );
      for (const wrong of [
        { application: platformApps.sportsman, process: 'update_profile' },
        { application: platformApps.competitions, process: 'create_sportsman' },
      ]) {
        expectError(
          (
            await postScript('functions', 'runBP', {
              ...wrong,
              context: {
                contractortype: 'sportsman',
                is_need_update_sportsman: true,
                representive: true,
                sportsman: [id],
                id,
              },
            }).expect(400)
          ).body,
        );
      }
    });

    it('updates an organization with the organization update context and clears listed fields', async () => {
      const organizations = platformScripts.getOrganizations.output.parse(
        (await getScript('functions', 'getOrganizations', { size: 5 }).expect(200)).body,
      );
      const organization = must(organizations.result[0]);
      platformScripts.runBP.output.parse(
        (
          await runBP({
            is_need_update_sportsman: true,
            id: organization.__id,
            organisation_name: `${organization.__name} (ред.)`,
            gorod: 'Москва',
            fakti_address: 'г Москва, ул Лужники, д 24',
            contact_phone: [{ type: 'main', tel: '+74951234567' }],
            vk_link: 'https://vk.com/club1',
            vk_link_available: true,
            contractortype: 'organization',
            fieldsForClear: ['sait'],
            email: [{ type: 'main', email: 'club@example.org' }],
          }).expect(200)
        ).body,
      );
      const after = elmaItemAnswerSchema.parse(
        (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${organization.__id}/get`).expect(200)).body,
      ).item;
      expect(after.__name).toBe(`${organization.__name} (ред.)`);
      expect(after['contact_phone']).toEqual([{ type: 'main', tel: '+74951234567' }]);
      expect(after['email_kontr']).toEqual([{ type: 'main', email: 'club@example.org' }]);
      expect(after['vk_link_available']).toBe(true);
      expect(after['sait']).toBeUndefined();
    });
  },
};
