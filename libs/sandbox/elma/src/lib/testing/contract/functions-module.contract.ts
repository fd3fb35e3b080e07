import { calendarDayOf, federationToday, isoDay } from '@fed/calendar';
import { platformScripts } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { describe, expect, it } from 'vitest';
import { must, type ContractArea } from './contract-client';

const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const pdfBytes = Buffer.from('%PDF-1.4\n%%EOF\n');
/** The federation (Moscow) day of an instant the platform answers, `YYYY-MM-DD`. */
const dayOf = (instant: string) => isoDay(calendarDayOf(instant));

/** Scripts of the `functions` module: events, athletes and organizations, age classes, offers, documents. */
export const functionsModuleContract: ContractArea = {
  reads: (client) => {
    const { t, getScript, expectError, firstEvents } = client;
    describe('module functions: reads', () => {
      it('getEvents filters by time, city, discipline and search; pages and sorts', async () => {
        const upcoming = await firstEvents('upcoming');
        // Upcoming and past by the federation's day: an event at 10:00 Moscow on 1 January is upcoming at 00:30
        // Moscow time, when it is still 31 December in UTC.
        const today = isoDay(federationToday(t().clock));
        for (const event of upcoming) expect(dayOf(event.date_start) >= today).toBe(true);
        const dates = upcoming.map((event) => event.date_start);
        expect(dates).toEqual([...dates].sort());
        const past = await firstEvents('past');
        for (const event of past) expect(dayOf(event.date_start) < today).toBe(true);

        const sample = must(upcoming[0] ?? past[0]);
        const byCity = platformScripts.getEvents.output.parse(
          (await getScript('functions', 'getEvents', { city: sample.gorod, size: 100 }).expect(200)).body,
        );
        for (const event of byCity.result) expect(event.gorod).toBe(sample.gorod);
        const searched = platformScripts.getEvents.output.parse(
          (
            await getScript('functions', 'getEvents', {
              search: sample.__name.slice(0, 12).toLowerCase(),
              size: 100,
            }).expect(200)
          ).body,
        );
        expect(searched.result.map((event) => event.__id)).toContain(sample.__id);
        const kata = platformScripts.getEvents.output.parse(
          (await getScript('functions', 'getEvents', { discipline: 'kata', size: 100 }).expect(200)).body,
        );
        for (const event of kata.result)
          expect(event.discipline.map((entry) => entry.code)).toContain('kata');
        const ranged = platformScripts.getEvents.output.parse(
          (
            await getScript('functions', 'getEvents', {
              dateFrom: dayOf(sample.date_start),
              dateTo: dayOf(sample.date_start),
            }).expect(200)
          ).body,
        );
        expect(ranged.result.map((event) => event.__id)).toContain(sample.__id);
        const page1 = platformScripts.getEvents.output.parse(
          (await getScript('functions', 'getEvents', { size: 2, from: 0, sort: 'name_asc' }).expect(200))
            .body,
        );
        const page2 = platformScripts.getEvents.output.parse(
          (await getScript('functions', 'getEvents', { size: 2, from: 2, sort: 'name_asc' }).expect(200))
            .body,
        );
        expect(page1.total).toBe(page2.total);
        expect([...page1.result, ...page2.result].map((event) => event.__name)).toEqual(
          [...page1.result, ...page2.result]
            .map((event) => event.__name)
            .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        );
        expectError((await getScript('functions', 'getEvents', { size: 500 }).expect(400)).body);
        expectError((await getScript('functions', 'getEvents', { when: 'someday' }).expect(400)).body);
      });

      it('getEventById answers the event with programs, and getEventPrograms the programs', async () => {
        const [event] = await firstEvents('upcoming');
        const details = platformScripts.getEventById.output.parse(
          (await getScript('functions', 'getEventById', { id: must(event).__id }).expect(200)).body,
        ).data;
        expect(details.__id).toBe(must(event).__id);
        expect(details.programs.length).toBeGreaterThan(0);
        const programs = platformScripts.getEventPrograms.output.parse(
          (await getScript('functions', 'getEventPrograms', { eventId: must(event).__id }).expect(200)).body,
        );
        expect(programs.total).toBe(details.programs.length);
        const female = platformScripts.getEventPrograms.output.parse(
          (
            await getScript('functions', 'getEventPrograms', {
              eventId: must(event).__id,
              gender: 'female',
            }).expect(200)
          ).body,
        );
        for (const program of female.result) {
          if (program.program_type.gender) expect(program.pol?.[0]?.code).toBe('female');
        }
        expectError(
          (
            await getScript('functions', 'getEventById', {
              id: '00000000-0000-4000-8000-000000000000',
            }).expect(404)
          ).body,
        );
      });

      it('getSportsmen and getOrganizations search and page', async () => {
        const athletes = platformScripts.getSportsmen.output.parse(
          (await getScript('functions', 'getSportsmen', { size: 5 }).expect(200)).body,
        );
        expect(athletes.result).toHaveLength(5);
        const one = must(athletes.result[0]);
        const found = platformScripts.getSportsmen.output.parse(
          (
            await getScript('functions', 'getSportsmen', {
              search: must(one.fio).lastname,
              size: 100,
            }).expect(200)
          ).body,
        );
        expect(found.result.map((athlete) => athlete.__id)).toContain(one.__id);
        for (const athlete of found.result) expect(athlete.representative_new?.[0]?.code).toBe('sportsman');
        const women = platformScripts.getSportsmen.output.parse(
          (await getScript('functions', 'getSportsmen', { gender: 'female', size: 50 }).expect(200)).body,
        );
        for (const athlete of women.result) expect(athlete.pol?.[0]?.code).toBe('female');
        const organizations = platformScripts.getOrganizations.output.parse(
          (await getScript('functions', 'getOrganizations', { size: 100 }).expect(200)).body,
        );
        expect(organizations.total).toBeGreaterThan(0);
        for (const organization of organizations.result)
          expect(organization.representative_new?.[0]?.code).toBe('organization');
      });

      it('getRecordFields answers fieldsData with the fields asked alone; refuses an unknown field', async () => {
        const organization = must(
          platformScripts.getOrganizations.output.parse(
            (await getScript('functions', 'getOrganizations', { size: 1 }).expect(200)).body,
          ).result[0],
        );
        const read = (data: unknown) => getScript('functions', 'getRecordFields', data);
        const fields = ['__id', '__name', 'representative_new', 'gorod'];
        const answer = platformScripts.getRecordFields.output.parse(
          (await read({ application: 'sportsman', id: organization.__id, fields }).expect(200)).body,
        );
        expect(answer.fieldsData).toMatchObject({
          __id: organization.__id,
          __name: organization.__name,
          representative_new: [expect.objectContaining({ code: 'organization' })],
        });
        for (const field of Object.keys(answer.fieldsData)) expect(fields).toContain(field);
        expectError(
          (
            await read({ application: 'sportsman', id: organization.__id, fields: ['no_such_field'] }).expect(
              400,
            )
          ).body,
        );
        expectError(
          (
            await read({
              application: 'sportsman',
              id: '00000000-0000-4000-8000-000000000000',
              fields: ['__name'],
            }).expect(404)
          ).body,
        );
      });

      it('getAgeClasses lists classes sorted by sortirovka, with the default class', async () => {
        const classes = platformScripts.getAgeClasses.output.parse(
          (await getScript('functions', 'getAgeClasses', {}).expect(200)).body,
        ).result;
        const order = classes.map((ageClass) => ageClass.sortirovka);
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(classes.map((ageClass) => ageClass.__id)).toContain(sandboxPublicConfig.defaultAgeClassId);
      });

      it('getOfferDocument answers each of the three documents with HTML', async () => {
        for (const id of Object.values(t().offerDocumentIds)) {
          const document = platformScripts.getOfferDocument.output.parse(
            (await getScript('functions', 'getOfferDocument', { id }).expect(200)).body,
          ).data;
          expect(document.__id).toBe(id);
          expect(document.html).toMatch(/<h1>/);
        }
      });

      it('getCompetitionDocuments answers the documents of an event', async () => {
        const [event] = await firstEvents('upcoming');
        const documents = platformScripts.getCompetitionDocuments.output.parse(
          (
            await getScript('functions', 'getCompetitionDocuments', {
              competitionId: must(event).__id,
            }).expect(200)
          ).body,
        );
        expect(documents.total).toBe(documents.result.length);
        for (const document of documents.result) expect(document.competition).toEqual([must(event).__id]);
      });
    });
  },
  writes: (client) => {
    const { getScript, postScript, expectError, firstEvents, anAthlete, uploadFile, dayFromToday } = client;
    it('getUsersByElmaUserId answers the linked accounts', async () => {
      const athlete = await anAthlete(() => true);
      const answer = platformScripts.getUsersByElmaUserId.output.parse(
        (await getScript('functions', 'getUsersByElmaUserId', { userIds: [athlete.__id] }).expect(200)).body,
      );
      expect(answer.sportsmans.map((entry) => entry.__id)).toEqual([athlete.__id]);
    });

    it('creates a competition with its programs, and refuses a bad one with the reason', async () => {
      const organization = must(
        platformScripts.getOrganizations.output.parse(
          (await getScript('functions', 'getOrganizations', { size: 1 }).expect(200)).body,
        ).result[0],
      );
      const classes = platformScripts.getAgeClasses.output.parse(
        (await getScript('functions', 'getAgeClasses', {}).expect(200)).body,
      ).result;
      const adult = must(classes.find((ageClass) => (ageClass.age_from ?? 0) >= 18) ?? classes[0]);
      const poster = await uploadFile('афиша.png', 'image/png', pngBytes);
      const input = {
        organizerId: organization.__id,
        name: 'Контрактный турнир по каратэ',
        description: 'Проверка создания мероприятия',
        dateStart: dayFromToday(30),
        dateEnd: dayFromToday(31),
        registrationDeadline: dayFromToday(20),
        city: 'Тула',
        address: 'Тульская обл., г. Тула, ул. Ленина, д. 1',
        level: 'regional',
        placesLimit: 120,
        photoVideoSale: true,
        poster,
        programs: [
          {
            discipline: 'kumite',
            programType: 'individual',
            gender: 'male',
            ageClassId: adult.__id,
            weightCategory: '−75 кг',
            feeRub: 2500,
          },
          {
            discipline: 'kata',
            programType: 'individual',
            gender: null,
            ageClassId: adult.__id,
            feeRub: 1500,
          },
        ],
      };
      const created = platformScripts.createCompetition.output.parse(
        (await postScript('functions', 'createCompetition', input).expect(200)).body,
      ).data;
      expect(created).toMatchObject({
        __name: input.name,
        organizer: [organization.__id],
        organizerName: organization.__name,
        gorod: 'Тула',
        places_limit: 120,
        placesTaken: 0,
        photo_video_sale: true,
        poster: [poster],
        fee: { cents: 150_000, currency: 'RUB' },
        registrationOpen: true,
        documents: [],
        age_class: [adult.__id],
      });
      expect(dayOf(created.date_start)).toBe(input.dateStart);
      expect(dayOf(created.registration_deadline)).toBe(input.registrationDeadline);
      expect(created.discipline.map((entry) => entry.code)).toEqual(['kumite', 'kata']);
      expect(created.level).toEqual([{ code: 'regional', name: 'Региональное' }]);
      const kumite = must(created.programs.find((program) => program.program_type.gender));
      expect(kumite.pol?.[0]?.code).toBe('male');
      expect(kumite.__name).toContain('−75 кг');
      const kata = must(created.programs.find((program) => !program.program_type.gender));
      expect(kata.pol ?? []).toEqual([]);
      const mine = platformScripts.getEvents.output.parse(
        (
          await getScript('functions', 'getEvents', {
            organizerId: organization.__id,
            search: input.name,
            size: 10,
          }).expect(200)
        ).body,
      );
      expect(mine.result.map((event) => event.__id)).toContain(created.__id);

      const refused = async (change: Record<string, unknown>, message: RegExp) => {
        const answer = await postScript('functions', 'createCompetition', { ...input, ...change }).expect(
          400,
        );
        expectError(answer.body);
        expect(answer.body.error).toMatch(message);
      };
      await refused({ dateStart: dayFromToday(-1), registrationDeadline: dayFromToday(-2) }, /прошлом/);
      const athlete = await anAthlete(() => true);
      await refused({ organizerId: athlete.__id }, /организаци/);
      const text = await uploadFile('notes.txt', 'text/plain', Buffer.from('не картинка'));
      await refused({ poster: text }, /Неверный формат файла/);
      await refused({ poster: '00000000-0000-4000-8000-000000000000' }, /не найден/);
      await refused({ programs: [input.programs[1], input.programs[1]] }, /дважды/);
      await refused({ programs: [{ ...input.programs[1], programType: 'team' }] }, /командн/);
      await refused({ dateEnd: dayFromToday(29) }, /Окончание/);
    });

    it('takes an event’s documents; a document under review cannot be replaced', async () => {
      const [event, other] = await firstEvents('upcoming');
      const competitionId = must(event).__id;
      const file = await uploadFile('положение.pdf', 'application/pdf', pdfBytes);
      const submitted = platformScripts.submitCompetitionDocument.output.parse(
        (
          await postScript('functions', 'submitCompetitionDocument', {
            competitionId,
            kind: 'regulations',
            name: 'Положение о соревнованиях',
            fileId: file,
          }).expect(200)
        ).body,
      ).data;
      expect(submitted).toMatchObject({
        competition: [competitionId],
        kind: 'regulations',
        file: [file],
        state: 'submitted',
        reason: null,
      });
      expect(submitted.history.map((entry) => entry.state)).toEqual(['submitted']);
      const listed = platformScripts.getCompetitionDocuments.output.parse(
        (await getScript('functions', 'getCompetitionDocuments', { competitionId }).expect(200)).body,
      );
      expect(listed.result.map((document) => document.__id)).toContain(submitted.__id);
      const resubmit = (change: Record<string, unknown>) =>
        postScript('functions', 'submitCompetitionDocument', {
          competitionId,
          documentId: submitted.__id,
          kind: 'regulations',
          name: 'Положение о соревнованиях',
          fileId: file,
          ...change,
        });
      expect((await resubmit({}).expect(400)).body.error).toMatch(/на проверке/);
      expectError((await resubmit({ competitionId: must(other).__id }).expect(400)).body);
      const image = await uploadFile('photo.webp', 'image/webp', Buffer.from('RIFF0000WEBPVP8 '));
      expect(
        (
          await postScript('functions', 'submitCompetitionDocument', {
            competitionId,
            kind: 'other',
            name: 'Фото',
            fileId: image,
          }).expect(400)
        ).body.error,
      ).toMatch(/Неверный формат файла/);
    });
  },
};
