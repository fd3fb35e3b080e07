import { calendarDayOf, isoDay } from '@fed/calendar';
import { Inject, Injectable } from '@nestjs/common';
import {
  competitionDocumentStateNames,
  disciplineCodes,
  disciplines,
  documentMimeTypes,
  levels,
  platformApps,
  posterMimeTypes,
  programDisplayName,
  programTypes,
  type CompetitionDocument,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
} from '@fed/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type NewItem, type StoredItem } from '../core/items.repository';
import { AgeClassesService } from './age-classes.service';
import { CatalogService } from './catalog.service';
import { FilesService } from './files.service';
import { GENDER_NAMES } from './processes.service';
import { firstId } from './requests.service';
import { kindOf, toCompetitionDocument } from './views';

/**
 * Times of day (UTC) a calendar date of the federation (Moscow, UTC+3) becomes: the first day starts at
 * 10:00, the last ends at 18:00, registration closes at 23:59 — as the demo seed has them.
 */
export const COMPETITION_START_UTC = 'T07:00:00.000Z';
export const COMPETITION_END_UTC = 'T15:00:00.000Z';
export const REGISTRATION_DEADLINE_UTC = 'T20:59:00.000Z';
/** Longest competition the platform accepts, in days. */
export const MAX_COMPETITION_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * The federation's decision on a submitted document. It is taken in the platform's own interface, not
 * through the portal, so it is no contract of the portal's: the twin offers it at
 * `POST /sandbox/elma/competition-documents/{id}/review` for tests and demos (answer:
 * `{success: true, data: CompetitionDocument}`).
 */
export const documentReviewSchema = z
  .object({
    state: z.enum(['accepted', 'returned']),
    /** Required when returning: what the organizer must correct. */
    reason: z.string().trim().min(1).max(1000).optional(),
  })
  .strict()
  .refine((input) => input.state !== 'returned' || !!input.reason, {
    path: ['reason'],
    message: 'Укажите, что нужно исправить',
  });
export type DocumentReview = z.infer<typeof documentReviewSchema>;

/** Competitions organizations create, and the documents they submit for them. */
@Injectable()
export class CompetitionsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly catalog: CatalogService,
    private readonly ageClasses: AgeClassesService,
    private readonly files: FilesService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  /** Today on the federation's (Moscow) calendar, `YYYY-MM-DD`: an event may start today, not yesterday. */
  private today(): string {
    return isoDay(calendarDayOf(this.options.now()));
  }

  /** A file of the disk the record may link, of one of the allowed types; else a 400 saying which. */
  createCompetition(
    input: PlatformScriptArgs<'createCompetition'>,
  ): PlatformScriptOutput<'createCompetition'> {
    return this.items.transaction(() => {
      const organizer = this.items.require(platformApps.sportsman, input.organizerId, 'Организация');
      if (kindOf(organizer) !== 'organization') {
        throw ElmaError.badRequest('Организатором мероприятия может быть только организация');
      }
      const today = this.today();
      if (input.dateStart < today) throw ElmaError.badRequest('Дата начала не может быть в прошлом');
      if (input.registrationDeadline < today) {
        throw ElmaError.badRequest('Приём заявок не может закончиться в прошлом');
      }
      const days = (Date.parse(input.dateEnd) - Date.parse(input.dateStart)) / DAY_MS + 1;
      if (days > MAX_COMPETITION_DAYS) {
        throw ElmaError.badRequest(`Мероприятие не может длиться дольше ${MAX_COMPETITION_DAYS} дней`);
      }
      if (input.poster) this.files.linkable(input.poster, posterMimeTypes, 'афиши', 'JPEG, PNG или WebP');

      const start = `${input.dateStart}${COMPETITION_START_UTC}`;
      // A deadline on the first day closes registration when the competition starts.
      const deadline = `${input.registrationDeadline}${REGISTRATION_DEADLINE_UTC}`;
      const id = randomUUID();
      const programs = this.programItems(id, input.programs);
      const classOrder = new Map(
        this.ageClasses.all().map((ageClass) => [ageClass.__id, ageClass.sortirovka]),
      );
      const classIds = [...new Set(input.programs.map((program) => program.ageClassId))].sort(
        (a, b) => (classOrder.get(a) ?? 0) - (classOrder.get(b) ?? 0),
      );
      const used = new Set(input.programs.map((program) => program.discipline));
      const eventDisciplines = disciplineCodes.filter((code) => used.has(code));
      this.items.insert(platformApps.competitions, {
        id,
        name: input.name,
        fields: {
          date_start: start,
          date_end: `${input.dateEnd}${COMPETITION_END_UTC}`,
          registration_deadline: deadline < start ? deadline : start,
          gorod: input.city,
          address: input.address,
          ...(input.geoLat !== null && input.geoLon !== null
            ? { geo_lat: input.geoLat, geo_lon: input.geoLon }
            : {}),
          discipline: eventDisciplines.map((code) => ({ code, name: disciplines[code] })),
          level: [{ code: input.level, name: levels[input.level] }],
          organizer: [organizer.__id],
          age_class: classIds,
          fee: { cents: Math.min(...input.programs.map((program) => program.feeRub)) * 100, currency: 'RUB' },
          places_limit: input.placesLimit,
          description: input.description,
          photo_video_sale: input.photoVideoSale,
          ...(input.poster ? { poster: [input.poster] } : {}),
        },
      });
      this.items.insertMany(platformApps.programs, programs);
      return this.catalog.getEventById(id);
    });
  }

  /** Program items of a new competition, named as the platform names them; a repeated program is a 400. */
  private programItems(
    competitionId: string,
    programs: PlatformScriptArgs<'createCompetition'>['programs'],
  ): NewItem[] {
    const classes = new Map(this.ageClasses.all().map((ageClass) => [ageClass.__id, ageClass]));
    const names = new Set<string>();
    return programs.map((program) => {
      const ageClass = classes.get(program.ageClassId);
      if (!ageClass) throw ElmaError.badRequest(`Возрастной класс ${program.ageClassId} не найден`);
      const teamDiscipline = program.discipline.endsWith('_team');
      if (teamDiscipline !== (program.programType === 'team')) {
        throw ElmaError.badRequest(
          teamDiscipline
            ? `${disciplines[program.discipline]}: программа должна быть командной`
            : `${disciplines[program.discipline]}: командная программа — только в командных дисциплинах`,
        );
      }
      const name = programDisplayName({
        discipline: program.discipline,
        gender: program.gender,
        ageClass,
        weightCategory: program.weightCategory,
      });
      if (names.has(name)) throw ElmaError.badRequest(`Программа «${name}» указана дважды`);
      names.add(name);
      return {
        name,
        fields: {
          competition: [competitionId],
          discipline: [{ code: program.discipline, name: disciplines[program.discipline] }],
          program_type: {
            code: program.programType,
            name: programTypes[program.programType].name,
            gender: program.gender !== null,
          },
          ...(program.gender ? { pol: [{ code: program.gender, name: GENDER_NAMES[program.gender] }] } : {}),
          age_class: [ageClass.__id],
          ...(program.weightCategory ? { weight_category: program.weightCategory } : {}),
          fee: { cents: program.feeRub * 100, currency: 'RUB' },
        },
      };
    });
  }

  getCompetitionDocuments(competitionId: string): PlatformScriptOutput<'getCompetitionDocuments'> {
    this.items.require(platformApps.competitions, competitionId, 'Мероприятие');
    const documents = this.items
      .query<StoredItem>(
        `SELECT ${ItemsRepository.columns} FROM items WHERE app = ? AND deleted_at IS NULL
           AND json_extract(data, '$.competition[0]') = ? ORDER BY items.created_at ASC, items.seq ASC`,
        [platformApps.competitionDocuments, competitionId],
      )
      .map(toCompetitionDocument);
    return { success: true, result: documents, total: documents.length };
  }

  /** A new document, or a returned one again with a new file: either way it waits for review. */
  submitCompetitionDocument(input: PlatformScriptArgs<'submitCompetitionDocument'>): CompetitionDocument {
    return this.items.transaction(() => {
      this.items.require(platformApps.competitions, input.competitionId, 'Мероприятие');
      this.files.linkable(input.fileId, documentMimeTypes, 'документа', 'PDF, JPEG или PNG');
      const at = this.options.now().toISOString();
      const submitted = { state: 'submitted', at, reason: null };
      const fields = { kind: input.kind, file: [input.fileId], state: 'submitted' };
      if (!input.documentId) {
        return toCompetitionDocument(
          this.items.insert(platformApps.competitionDocuments, {
            name: input.name,
            fields: { ...fields, competition: [input.competitionId], history: [submitted] },
          }),
        );
      }
      const current = toCompetitionDocument(
        this.items.require(platformApps.competitionDocuments, input.documentId, 'Документ'),
      );
      if (firstId(current.competition) !== input.competitionId) {
        throw ElmaError.badRequest('Документ относится к другому мероприятию');
      }
      if (current.state === 'accepted') {
        throw ElmaError.badRequest('Документ уже принят федерацией: заменить его нельзя');
      }
      if (current.state === 'submitted') {
        throw ElmaError.badRequest('Документ уже на проверке: дождитесь решения федерации');
      }
      return toCompetitionDocument(
        this.items.update(platformApps.competitionDocuments, current.__id, {
          name: input.name,
          fields: { ...fields, reason: null, history: [...current.history, submitted] },
        }),
      );
    });
  }

  /** The federation's decision on a submitted document (the platform's own interface; a sandbox endpoint). */
  reviewDocument(id: string, input: DocumentReview): CompetitionDocument {
    return this.items.transaction(() => {
      const current = toCompetitionDocument(
        this.items.require(platformApps.competitionDocuments, id, 'Документ'),
      );
      if (current.state !== 'submitted') {
        throw ElmaError.badRequest(
          `Документ не на проверке: он в состоянии «${competitionDocumentStateNames[current.state]}»`,
        );
      }
      const reason = input.state === 'returned' ? (input.reason ?? null) : null;
      return toCompetitionDocument(
        this.items.update(platformApps.competitionDocuments, id, {
          fields: {
            state: input.state,
            reason,
            history: [
              ...current.history,
              { state: input.state, at: this.options.now().toISOString(), reason },
            ],
          },
        }),
      );
    });
  }
}
