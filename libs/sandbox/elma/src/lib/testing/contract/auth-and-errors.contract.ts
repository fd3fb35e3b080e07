import { elmaListAnswerSchema, platformApps } from '@fed/contracts';
import { describe, expect, it } from 'vitest';
import { NS, type ContractArea } from './contract-client';

/** The token check, and the answers to unknown paths and unreadable input. */
export const authAndErrorsContract: ContractArea = {
  reads: (client) => {
    const { t, path, auth, get, post, scriptPath, getScript, list, expectError } = client;
    describe('token check', () => {
      it('refuses a missing token with 403', async () => {
        const answer = await t()
          .client()
          .post(path(`/pub/v1/app/${NS}/${platformApps.ageClasses}/list`))
          .send({})
          .expect(403);
        expectError(answer.body);
      });

      it('refuses a wrong token with 403', async () => {
        const answer = await t()
          .client()
          .post(path(`/pub/v1/app/${NS}/${platformApps.ageClasses}/list`))
          .set('Authorization', 'Bearer wrong-token-wrong-token')
          .send({})
          .expect(403);
        expectError(answer.body);
      });

      it('accepts the token as X-Token too', async () => {
        const answer = await t()
          .client()
          .post(path(`/pub/v1/app/${NS}/${platformApps.ageClasses}/list`))
          .set('X-Token', t().token)
          .send({ size: 5 })
          .expect(200);
        expect(elmaListAnswerSchema.parse(answer.body).success).toBe(true);
      });
    });

    describe('unknown paths', () => {
      it('answers 404 for an unknown path, app, module or script', async () => {
        expectError((await get('/pub/v1/no/such/path').expect(404)).body);
        expectError((await list('no_such_app', {}).expect(404)).body);
        expectError((await getScript('functions', 'noSuchScript', {}).expect(404)).body);
        const unknownModule = await auth(
          t().client().get(path('/api/extensions/00000000-0000-4000-8000-000000000000/script/getEvents')),
        ).expect(404);
        expectError(unknownModule.body);
        expectError(
          (await post(`/pub/v1/bpm/template/${NS}/no_such_process/run`, { context: {} }).expect(404)).body,
        );
      });

      it('answers 404 for an unknown item id', async () => {
        expectError(
          (
            await get(
              `/pub/v1/app/${NS}/${platformApps.competitions}/00000000-0000-4000-8000-000000000000/get`,
            ).expect(404)
          ).body,
        );
      });
    });

    describe('unreadable input', () => {
      it('refuses an unreadable data parameter with 400', async () => {
        const answer = await auth(
          t()
            .client()
            .get(path(scriptPath('functions', 'getEvents')))
            .query({ data: '{not json' }),
        ).expect(400);
        expectError(answer.body);
      });
    });
  },
};
