import { DAY_MS, seasonOf } from '@fed/calendar';
import { createSportsmanProcess, platformApps, platformScripts } from '@fed/contracts';
import { describe, expect, it } from 'vitest';
import { NS, must, type ContractArea } from './contract-client';

/** Scripts of the `application` module: eligibility and an application through its states. */
export const applicationModuleContract: ContractArea = {
  reads: (client) => {
    const { getScript, expectError, firstEvents } = client;
    describe('module application: reads', () => {
      it('getApplicationEligibility answers every program of the event, with reasons in Russian', async () => {
        const athletes = platformScripts.getSportsmen.output.parse(
          (await getScript('functions', 'getSportsmen', { size: 5 }).expect(200)).body,
        ).result;
        const [event] = await firstEvents('upcoming');
        const details = platformScripts.getEventById.output.parse(
          (await getScript('functions', 'getEventById', { id: must(event).__id }).expect(200)).body,
        ).data;
        for (const athlete of athletes) {
          const eligibility = platformScripts.getApplicationEligibility.output.parse(
            (
              await getScript('application', 'getApplicationEligibility', {
                sportsmanId: athlete.__id,
                competitionId: details.__id,
              }).expect(200)
            ).body,
          ).data;
          expect(eligibility).toMatchObject({ sportsmanId: athlete.__id, competitionId: details.__id });
          expect(eligibility.programs.map((program) => program.programId).sort()).toEqual(
            details.programs.map((program) => program.__id).sort(),
          );
          const reasons = [...eligibility.reasons, ...eligibility.programs.flatMap((p) => p.reasons)];
          for (const reason of reasons) expect(reason.message).toMatch(/[А-Яа-яЁё]/);
          if (eligibility.eligible) expect(eligibility.reasons).toEqual([]);
        }
        const organizations = platformScripts.getOrganizations.output.parse(
          (await getScript('functions', 'getOrganizations', { size: 1 }).expect(200)).body,
        ).result;
        const organization = platformScripts.getApplicationEligibility.output.parse(
          (
            await getScript('application', 'getApplicationEligibility', {
              sportsmanId: must(organizations[0]).__id,
              competitionId: details.__id,
            }).expect(200)
          ).body,
        ).data;
        expect(organization.eligible).toBe(false);
        expect(organization.reasons.map((reason) => reason.code)).toEqual(['not_athlete']);
        expectError(
          (
            await getScript('application', 'getApplicationEligibility', {
              sportsmanId: must(athletes[0]).__id,
              competitionId: '00000000-0000-4000-8000-000000000000',
            }).expect(404)
          ).body,
        );
      });
    });
  },
  writes: (client) => {
    const { t, post, getScript, postScript, expectError, firstEvents } = client;
    it('walks a request through its states and refuses illegal transitions with 400', async () => {
      // A new athlete as the api's registration makes one: `runBP`, create_sportsman of the sportsman app.
      const started = platformScripts.runBP.output.parse(
        (
          await postScript('functions', 'runBP', {
            ...createSportsmanProcess,
            context: {
              fio: { lastname: 'Заявкин', firstname: 'Олег', middlename: '' },
              date_of_birth: '1996-06-01',
              gorod: 'Москва',
              gender: 'male',
            },
          }).expect(200)
        ).body,
      );
      const athleteId = started.data.recordId;
      // Two years from the platform's now: past every upcoming event, whatever day this runs.
      const validUntil = new Date(t().clock.now() + 730 * DAY_MS).toISOString();
      await post(`/pub/v1/app/${NS}/${platformApps.memberships}/create`, {
        context: {
          __name: 'Членство',
          sportsman: [athleteId],
          season: seasonOf(validUntil),
          valid_until: validUntil,
          fee: { cents: 150_000, currency: 'RUB' },
          paid: true,
        },
      }).expect(200);
      const athlete = must(
        platformScripts.getUsersByElmaUserId.output.parse(
          (await getScript('functions', 'getUsersByElmaUserId', { userIds: [athleteId] }).expect(200)).body,
        ).sportsmans[0],
      );
      expect(athlete.term_membership).toBe(validUntil);
      const events = await firstEvents('upcoming');
      let created: ReturnType<typeof platformScripts.createApplication.output.parse> | undefined;
      let chosen: { eventId: string; programIds: string[] } | undefined;
      for (const event of events) {
        const eligibility = platformScripts.getApplicationEligibility.output.parse(
          (
            await getScript('application', 'getApplicationEligibility', {
              sportsmanId: athlete.__id,
              competitionId: event.__id,
            }).expect(200)
          ).body,
        ).data;
        expect(eligibility.existingRequestId).toBeNull();
        if (!eligibility.eligible) continue;
        const open = eligibility.programs.filter((program) => program.eligible).map((p) => p.programId);
        const answer = await postScript('application', 'createApplication', {
          sportsmanId: athlete.__id,
          competitionId: event.__id,
          programIds: open.slice(0, 1),
          coach: 'Тренеров Тимур Тимурович',
          acceptOffer: true,
        });
        if (answer.status === 200) {
          created = platformScripts.createApplication.output.parse(answer.body);
          chosen = { eventId: event.__id, programIds: open };
          break;
        }
      }
      expect(created).toBeDefined();
      const requestId = must(created).data.__id;
      const { eventId, programIds } = must(chosen);
      expect(must(created).data).toMatchObject({
        requestState: 'new',
        coach: 'Тренеров Тимур Тимурович',
        programs: programIds.slice(0, 1),
      });
      expect(must(created).data.programNames).toHaveLength(1);
      expect(must(created).data.registrationDeadline).toEqual(expect.any(String));
      const again = platformScripts.getApplicationEligibility.output.parse(
        (
          await getScript('application', 'getApplicationEligibility', {
            sportsmanId: athlete.__id,
            competitionId: eventId,
          }).expect(200)
        ).body,
      ).data;
      expect(again.existingRequestId).toBe(requestId);
      expect(again.reasons.map((reason) => reason.code)).toContain('already_applied');
      const edit = (coach: string | null) =>
        postScript('application', 'updateApplication', { requestId, programIds, coach });
      const edited = platformScripts.updateApplication.output.parse((await edit(null).expect(200)).body).data;
      expect(edited).toMatchObject({ requestState: 'new', coach: null, programs: programIds });
      expect(edited.programNames).toHaveLength(programIds.length);
      expect(edited.state_history).toHaveLength(1);
      const change = (requestState: string, reason?: string) =>
        postScript('requests', 'changeCompetitionRequestState', {
          requestId,
          requestState,
          ...(reason ? { reason } : {}),
        });

      expectError((await change('paid').expect(400)).body);
      platformScripts.changeCompetitionRequestState.output.parse(
        (await change('under_review').expect(200)).body,
      );
      expectError((await change('returned').expect(400)).body);
      const returned = platformScripts.changeCompetitionRequestState.output.parse(
        (await change('returned', 'Загрузите полис').expect(200)).body,
      ).data;
      expect(returned.reason).toBe('Загрузите полис');
      // Correcting a returned request sends it back to review.
      const corrected = platformScripts.updateApplication.output.parse(
        (await edit('Тренеров Тимур Тимурович').expect(200)).body,
      ).data;
      expect(corrected).toMatchObject({ requestState: 'under_review', reason: null });
      expect(corrected.state_history.at(-1)).toMatchObject({ from: 'returned', to: 'under_review' });
      expectError((await edit(null).expect(400)).body);
      await change('approved').expect(200);
      const paid = platformScripts.changeCompetitionRequestState.output.parse(
        (await change('paid').expect(200)).body,
      ).data;
      expect(paid.payment_status).toBe('paid');
      expect(paid.state_history.map((entry) => entry.to)).toEqual([
        'new',
        'under_review',
        'returned',
        'under_review',
        'approved',
        'paid',
      ]);
      const cancelled = platformScripts.changeCompetitionRequestState.output.parse(
        (await change('cancelled').expect(200)).body,
      ).data;
      expect(cancelled.payment_status).toBe('refunded');
      expect(cancelled.allowedStates).toEqual([]);
      expectError((await change('new').expect(400)).body);
      expectError((await change('nonsense').expect(400)).body);

      const fetched = platformScripts.getApplicationById.output.parse(
        (await getScript('application', 'getApplicationById', { id: requestId }).expect(200)).body,
      );
      expect(fetched.data.requestState).toBe('cancelled');
      const mine = platformScripts.getMyRequestList.output.parse(
        (
          await getScript('requests', 'getMyRequestList', {
            sportsmanID: athlete.__id,
            payment_status: 'refunded',
            query: '',
            nomenclature_type: 'competition',
          }).expect(200)
        ).body,
      );
      expect(mine.result.map((entry) => entry.__id)).toContain(requestId);
      for (const entry of mine.result) expect(entry.payment_status).toBe('refunded');
    });
  },
};
