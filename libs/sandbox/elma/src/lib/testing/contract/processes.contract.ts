import {
  elmaItemAnswerSchema,
  elmaRunProcessAnswerSchema,
  platformApps,
  sportsmanRecordSchema,
  platformScripts,
} from '@fed/contracts';
import { expect, it } from 'vitest';
import { NS, must, type ContractArea } from './contract-client';

/** Business processes: started directly and through the `runBP` script. */
export const processesContract: ContractArea = {
  writes: (client) => {
    const { get, post, getScript, postScript, expectError } = client;
    it('runs create_sportsman and update_profile processes', async () => {
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
          await postScript('functions', 'runBP', {
            process: 'create_sportsman',
            context: {
              fio: { lastname: 'Скриптова', firstname: 'Алла', middlename: '' },
              date_of_birth: '2012-09-09',
              gorod: 'Тула',
              gender: 'female',
            },
          }).expect(200)
        ).body,
      );
      expect(viaScript.data).toMatchObject({ process: 'create_sportsman', written: true });
      const updated = platformScripts.runBP.output.parse(
        (
          await postScript('functions', 'runBP', {
            process: 'update_profile',
            context: {
              contractortype: 'sportsman',
              is_need_update_sportsman: true,
              representive: true,
              sportsman: [id],
              id,
              gorod: 'Калуга',
              trener: 'Иванов Иван Иванович',
              vk_link: 'https://vk.com/id1',
              fieldsForClear: ['vk_link'],
            },
          }).expect(200)
        ).body,
      );
      expect(updated.data.written).toBe(true);
      const after = elmaItemAnswerSchema.parse(
        (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${id}/get`).expect(200)).body,
      ).item;
      expect(after['gorod']).toBe('Калуга');
      expect(after['coach']).toBe('Иванов Иван Иванович');
      expect(after['vk_link']).toBeUndefined();
      expectError(
        (await post(`/pub/v1/bpm/template/${NS}/create_sportsman/run`, { context: { fio: {} } }).expect(400))
          .body,
      );
      expectError(
        (
          await postScript('functions', 'runBP', {
            process: 'update_profile',
            context: { contractortype: 'organization', id, is_need_update_sportsman: true },
          }).expect(400)
        ).body,
      );
    });

    it('updates an organization profile and clears listed fields', async () => {
      const organizations = platformScripts.getOrganizations.output.parse(
        (await getScript('functions', 'getOrganizations', { size: 5 }).expect(200)).body,
      );
      const organization = must(organizations.result[0]);
      platformScripts.runBP.output.parse(
        (
          await postScript('functions', 'runBP', {
            process: 'update_profile',
            context: {
              contractortype: 'organization',
              is_need_update_sportsman: true,
              id: organization.__id,
              organisation_name: `${organization.__name} (ред.)`,
              contact_phone: [{ type: 'main', tel: '+74951234567' }],
              email: [{ type: 'main', email: 'club@example.org' }],
              fieldsForClear: ['sait'],
            },
          }).expect(200)
        ).body,
      );
      const after = elmaItemAnswerSchema.parse(
        (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${organization.__id}/get`).expect(200)).body,
      ).item;
      expect(after.__name).toBe(`${organization.__name} (ред.)`);
      expect(after['email_kontr']).toEqual([{ type: 'main', email: 'club@example.org' }]);
      expect(after['sait']).toBeUndefined();
    });
  },
};
