import { elmaListAnswerSchema, platformApps, platformScripts } from '@fed/contracts';
import { describe, expect, it } from 'vitest';
import { NS, must, type ContractArea } from './contract-client';

/** Scripts of the `requests` module: an event’s requests, the request state machine, sales. */
export const requestsModuleContract: ContractArea = {
  reads: (client) => {
    const { getScript, expectError, firstEvents } = client;
    describe('module requests: reads', () => {
      it('getCompetitionRequests lists one event’s requests newest first, filters, searches and pages', async () => {
        const past = await firstEvents('past');
        let event: (typeof past)[number] | undefined;
        let all: ReturnType<typeof platformScripts.getCompetitionRequests.output.parse> | undefined;
        for (const candidate of past) {
          const answer = platformScripts.getCompetitionRequests.output.parse(
            (
              await getScript('requests', 'getCompetitionRequests', {
                competitionId: candidate.__id,
                size: 100,
              }).expect(200)
            ).body,
          );
          if (answer.total >= 3) {
            event = candidate;
            all = answer;
            break;
          }
        }
        const listed = must(all);
        const competitionId = must(event).__id;
        for (const entry of listed.result) {
          expect(entry.competition).toEqual([competitionId]);
          expect(entry.nomenclature_type).toBe('competition');
          expect(entry.programNames).toHaveLength(entry.programs.length);
        }
        const created = listed.result.map((entry) => entry.__createdAt);
        expect(created).toEqual([...created].sort().reverse());
        const first = must(listed.result[0]);
        const byState = platformScripts.getCompetitionRequests.output.parse(
          (
            await getScript('requests', 'getCompetitionRequests', {
              competitionId,
              requestState: first.requestState,
              size: 100,
            }).expect(200)
          ).body,
        );
        expect(byState.result.map((entry) => entry.__id)).toContain(first.__id);
        for (const entry of byState.result) expect(entry.requestState).toBe(first.requestState);
        const surname = must(first.sportsmanName.split(' ')[0]);
        const byName = platformScripts.getCompetitionRequests.output.parse(
          (
            await getScript('requests', 'getCompetitionRequests', {
              competitionId,
              query: surname.toUpperCase(),
              size: 100,
            }).expect(200)
          ).body,
        );
        expect(byName.result.map((entry) => entry.__id)).toContain(first.__id);
        for (const entry of byName.result)
          expect(entry.sportsmanName.toLowerCase()).toContain(surname.toLowerCase());
        const second = platformScripts.getCompetitionRequests.output.parse(
          (
            await getScript('requests', 'getCompetitionRequests', { competitionId, from: 1, size: 1 }).expect(
              200,
            )
          ).body,
        );
        expect(second.total).toBe(listed.total);
        expect(second.result.map((entry) => entry.__id)).toEqual([listed.result[1]?.__id]);
        expectError(
          (
            await getScript('requests', 'getCompetitionRequests', {
              competitionId: '00000000-0000-4000-8000-000000000000',
            }).expect(404)
          ).body,
        );
      });
    });
  },
  writes: (client) => {
    const { post, getScript, postScript, list, expectError } = client;
    it('a request written through update follows the same state machine', async () => {
      const requests = elmaListAnswerSchema.parse(
        (
          await list(platformApps.requests, { size: 5, filter: { tf: { requestState: 'rejected' } } }).expect(
            200,
          )
        ).body,
      );
      const rejected = requests.result.result[0];
      if (!rejected) return;
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.requests}/${rejected.__id}/update`, {
            context: { requestState: 'paid' },
          }).expect(400)
        ).body,
      );
    });

    it('cancels a sale once', async () => {
      const sales = elmaListAnswerSchema.parse(
        (
          await list(platformApps.sales, {
            size: 10,
            filter: { tf: { status: ['ordered', 'paid'] } },
          }).expect(200)
        ).body,
      ).result.result;
      const sale = sales[0];
      expect(sale).toBeDefined();
      const cancelled = platformScripts.cancelSales.output.parse(
        (await postScript('requests', 'cancelSales', { saleId: must(sale).__id }).expect(200)).body,
      );
      expect(cancelled.data.status).toBe('cancelled');
      expect(cancelled.data.refund).toEqual(must(sale)['status'] === 'paid' ? must(sale)['price'] : null);
      expectError(
        (await postScript('requests', 'cancelSales', { saleId: must(sale).__id }).expect(400)).body,
      );
      expectError((await postScript('requests', 'cancelSales', {}).expect(400)).body);
      const mine = platformScripts.getMySales.output.parse(
        (
          await getScript('requests', 'getMySales', {
            sportsmanID: (must(sale)['sportsman'] as string[])[0],
          }).expect(200)
        ).body,
      );
      expect(mine.result.map((entry) => entry.__id)).toContain(must(sale).__id);
    });
  },
};
