import { instantOf } from '@fed/calendar';
import { elmaItemAnswerSchema, elmaListAnswerSchema, platformApps } from '@fed/contracts';
import { describe, expect, it } from 'vitest';
import { NS, type ContractArea } from './contract-client';

/** App items: list (paging, sorting, filters), get, create, update and soft delete. */
export const appItemsContract: ContractArea = {
  reads: (client) => {
    const { t, get, post, list, expectError } = client;
    describe('app items: list', () => {
      it('lists with paging and total', async () => {
        const first = elmaListAnswerSchema.parse(
          (
            await list(platformApps.competitions, {
              active: true,
              from: 0,
              size: 3,
              sortExpressions: [{ field: 'date_start', ascending: true }],
            }).expect(200)
          ).body,
        );
        const second = elmaListAnswerSchema.parse(
          (
            await list(platformApps.competitions, {
              active: true,
              from: 3,
              size: 3,
              sortExpressions: [{ field: 'date_start', ascending: true }],
            }).expect(200)
          ).body,
        );
        expect(first.result.result).toHaveLength(3);
        expect(first.result.total).toBeGreaterThanOrEqual(6);
        const ids = new Set(first.result.result.map((item) => item.__id));
        for (const item of second.result.result) expect(ids.has(item.__id)).toBe(false);
      });

      it('sorts ascending and descending', async () => {
        for (const ascending of [true, false]) {
          const answer = elmaListAnswerSchema.parse(
            (
              await list(platformApps.competitions, {
                size: 20,
                sortExpressions: [{ field: 'date_start', ascending }],
              }).expect(200)
            ).body,
          );
          const dates = answer.result.result.map((item) => String(item['date_start']));
          const sorted = [...dates].sort();
          expect(dates).toEqual(ascending ? sorted : sorted.reverse());
        }
      });

      it('refuses size over 100 and a malformed body with 400', async () => {
        expectError((await list(platformApps.competitions, { size: 101 }).expect(400)).body);
        expectError((await list(platformApps.competitions, { size: 'ten' }).expect(400)).body);
        expectError(
          (await list(platformApps.competitions, { filter: { tf: { no_such_field: 1 } } }).expect(400)).body,
        );
        expectError(
          (
            await list(platformApps.competitions, {
              sortExpressions: [{ field: 'discipline', ascending: true }],
            }).expect(400)
          ).body,
        );
      });

      it('filters tf by exact value, range, link, category and text', async () => {
        const all = elmaListAnswerSchema.parse(
          (await list(platformApps.competitions, { size: 100 }).expect(200)).body,
        ).result;
        const sample = all.result[0] as Record<string, unknown>;
        const city = sample['gorod'] as string;
        const byCity = elmaListAnswerSchema.parse(
          (await list(platformApps.competitions, { size: 100, filter: { tf: { gorod: city } } }).expect(200))
            .body,
        ).result;
        expect(byCity.total).toBeGreaterThan(0);
        for (const item of byCity.result) expect(item['gorod']).toBe(city);

        const start = sample['date_start'] as string;
        const inRange = elmaListAnswerSchema.parse(
          (
            await list(platformApps.competitions, {
              size: 100,
              filter: { tf: { date_start: { min: start, max: start } } },
            }).expect(200)
          ).body,
        ).result;
        expect(inRange.result.map((item) => item.__id)).toContain(sample.__id);
        for (const item of inRange.result) expect(item['date_start']).toBe(start);

        const programs = elmaListAnswerSchema.parse(
          (
            await list(platformApps.programs, {
              size: 100,
              filter: { tf: { competition: sample.__id } },
            }).expect(200)
          ).body,
        ).result;
        expect(programs.total).toBeGreaterThan(0);
        for (const program of programs.result) expect(program['competition']).toEqual([sample.__id]);

        const kumite = elmaListAnswerSchema.parse(
          (
            await list(platformApps.competitions, {
              size: 100,
              filter: { tf: { discipline: ['kumite'] } },
            }).expect(200)
          ).body,
        ).result;
        for (const item of kumite.result) {
          expect((item['discipline'] as Array<{ code: string }>).map((entry) => entry.code)).toContain(
            'kumite',
          );
        }

        const word = String(sample['__name']).split(' ')[0] as string;
        const byText = elmaListAnswerSchema.parse(
          (
            await list(platformApps.competitions, {
              size: 100,
              filter: { tf: { __name: { $contains: word.toUpperCase() } } },
            }).expect(200)
          ).body,
        ).result;
        expect(byText.result.map((item) => item.__id)).toContain(sample.__id);
      });

      it('filters by eql and refuses what it does not understand', async () => {
        const answer = elmaListAnswerSchema.parse(
          (
            await list(platformApps.competitions, {
              size: 100,
              filter: { eql: 'places_limit > 0 AND (discipline = "kata" OR discipline = "kumite")' },
            }).expect(200)
          ).body,
        );
        for (const item of answer.result.result) expect(item['places_limit'] as number).toBeGreaterThan(0);
        expectError(
          (await list(platformApps.competitions, { filter: { eql: 'places_limit >' } }).expect(400)).body,
        );
        expectError(
          (await list(platformApps.competitions, { filter: { eql: 'lower(__name) = "x"' } }).expect(400))
            .body,
        );
      });

      it('limits fields when asked', async () => {
        const answer = elmaListAnswerSchema.parse(
          (await list(platformApps.competitions, { size: 2, fields: { gorod: true } }).expect(200)).body,
        );
        for (const item of answer.result.result)
          expect(Object.keys(item).sort()).toEqual(['__id', '__name', 'gorod']);
      });
    });

    describe('app items: get', () => {
      it('answers the item by GET and by POST with system fields', async () => {
        const offerId = t().offerDocumentIds.sportsman;
        for (const answer of [
          await get(`/pub/v1/app/${NS}/${platformApps.offer}/${offerId}/get`).expect(200),
          await post(`/pub/v1/app/${NS}/${platformApps.offer}/${offerId}/get`, {}).expect(200),
        ]) {
          const item = elmaItemAnswerSchema.parse(answer.body).item;
          expect(item.__id).toBe(offerId);
          expect(typeof item['__createdAt']).toBe('string');
          expect((item['file'] as string[]).length).toBe(1);
        }
      });
    });
  },
  writes: (client) => {
    const { t, post, list, expectError } = client;
    it('creates, updates and soft-deletes an item; deleted items leave lists unless asked', async () => {
      const created = elmaItemAnswerSchema.parse(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/create`, {
            context: {
              __name: 'Тестовый класс',
              code: 'contract_test',
              nazvanie: 'Тестовый класс',
              sortirovka: 50,
              age_from: 90,
              age_to: 99,
            },
          }).expect(200)
        ).body,
      ).item;
      const updated = elmaItemAnswerSchema.parse(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/${created.__id}/update`, {
            context: { sortirovka: 51 },
          }).expect(200)
        ).body,
      ).item;
      expect(updated['sortirovka']).toBe(51);
      expect(updated['code']).toBe('contract_test');
      await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/${created.__id}/update`, {
        context: { __deletedAt: instantOf(t().clock).toISOString() },
      }).expect(200);
      const live = elmaListAnswerSchema.parse(
        (await list(platformApps.ageClasses, { filter: { tf: { code: 'contract_test' } } }).expect(200)).body,
      );
      expect(live.result.total).toBe(0);
      const all = elmaListAnswerSchema.parse(
        (
          await list(platformApps.ageClasses, {
            active: false,
            filter: { tf: { code: 'contract_test' } },
          }).expect(200)
        ).body,
      );
      expect(all.result.total).toBe(1);
      expect(all.result.result[0]?.['__deletedAt']).toBeTruthy();
    });

    it('refuses a bad create or update context with 400', async () => {
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/create`, {
            context: { __name: 'x', no_field: 1 },
          }).expect(400)
        ).body,
      );
      expectError(
        (await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/create`, { notContext: {} }).expect(400))
          .body,
      );
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.competitions}/create`, {
            context: { __name: 'x', places_limit: 'many' },
          }).expect(400)
        ).body,
      );
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.sportsman}/create`, {
            context: { __name: 'x', age_class: [] },
          }).expect(400)
        ).body,
      );
    });
  },
};
