import { calendarDayOf, startOfFederationDay } from '@fed/calendar';
import { Inject, Injectable } from '@nestjs/common';
import {
  platformApps,
  type AgeClassRecord,
  type CompetitionRecord,
  type EventDetails,
  type EventSummary,
  type ProgramRecord,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
} from '@fed/contracts';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { normalizeDateTime } from '../core/field-values';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { normalizeSearch } from '../core/text';
import { AgeClassesService } from './age-classes.service';
import { FilesService } from './files.service';
import { RequestsService } from './requests.service';
import { toCompetitionDocument, toSportsmanShort } from './views';

const DATE_START = "json_extract(items.data, '$.date_start')";

type EventCard = { summary: EventSummary } & Pick<EventDetails, 'programs' | 'ageClasses' | 'documents'>;

/** Read-side module methods: events, age classes, offer documents, linked accounts. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly ageClasses: AgeClassesService,
    private readonly requests: RequestsService,
    private readonly files: FilesService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  private summary(item: StoredItem, organizers: Map<string, string>, placesTaken?: number): EventSummary {
    const organizerId = (item['organizer'] as string[] | undefined)?.[0];
    return {
      ...(item as unknown as CompetitionRecord),
      placesTaken: placesTaken ?? this.requests.placesTaken(item.__id),
      organizerName: (organizerId && organizers.get(organizerId)) || '',
    };
  }

  private organizerNames(events: readonly StoredItem[]): Map<string, string> {
    const ids = [...new Set(events.flatMap((event) => (event['organizer'] as string[] | undefined) ?? []))];
    return new Map(this.items.getMany(platformApps.sportsman, ids).map((item) => [item.__id, item.__name]));
  }

  /**
   * Events by indexed SQL: the start-date and city/start-date expression indexes narrow the scan; the full-text
   * column and the discipline check only run on what they leave. `upcoming` means starting today or later, so
   * the page is kept for the day (and until a write).
   */
  getEvents(input: PlatformScriptArgs<'getEvents'>): PlatformScriptOutput<'getEvents'> {
    // Yesterday's event is past from Moscow midnight on, not three hours later at UTC midnight.
    const today = startOfFederationDay(calendarDayOf(this.options.now())).toISOString();
    return this.items.derived(JSON.stringify(['getEvents', today, input]), () => this.eventsOn(today, input));
  }

  private eventsOn(today: string, input: PlatformScriptArgs<'getEvents'>): PlatformScriptOutput<'getEvents'> {
    const conditions = ['items.app = ?', 'items.deleted_at IS NULL'];
    const params: unknown[] = [platformApps.competitions];
    if (input.when === 'upcoming') {
      conditions.push(`${DATE_START} >= ?`);
      params.push(today);
    } else if (input.when === 'past') {
      conditions.push(`${DATE_START} < ?`);
      params.push(today);
    }
    if (input.dateFrom) {
      conditions.push(`${DATE_START} >= ?`);
      params.push(normalizeDateTime(input.dateFrom));
    }
    if (input.dateTo) {
      conditions.push(`${DATE_START} <= ?`);
      params.push(normalizeDateTime(input.dateTo, true));
    }
    if (input.city) {
      conditions.push("json_extract(items.data, '$.gorod') = ?");
      params.push(input.city);
    }
    if (input.organizerId) {
      conditions.push("json_extract(items.data, '$.organizer[0]') = ?");
      params.push(input.organizerId);
    }
    if (input.discipline) {
      // The category list as JSON text holds `"code":"<code>"` exactly when the code is in it (codes are plain
      // words); one substring test per row is far cheaper than a json_each sub-query.
      conditions.push("instr(json_extract(items.data, '$.discipline'), ?) > 0");
      params.push(JSON.stringify({ code: input.discipline }).slice(1, -1));
    }
    if (input.search) {
      conditions.push('instr(items.search, ?) > 0');
      params.push(normalizeSearch(input.search));
    }
    const sort = input.sort ?? (input.when === 'upcoming' ? 'date_asc' : 'date_desc');
    const orderBy =
      sort === 'name_asc'
        ? 'items.name ASC, items.seq ASC'
        : `${DATE_START} ${sort === 'date_asc' ? 'ASC' : 'DESC'}, items.seq ASC`;
    const where = conditions.join(' AND ');
    // The covering indexes of migration 3 hold every filtered field; name the one that fits, so the planner
    // never wanders off to a narrower index and a row lookup per event.
    const index = input.city ? 'items_live_city_events' : 'items_live_events';
    const total = this.items.scalar(`SELECT count(*) FROM items INDEXED BY ${index} WHERE ${where}`, params);
    const rows = this.items.query<StoredItem>(
      `SELECT ${ItemsRepository.columns} FROM items INDEXED BY ${index} WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      [...params, input.size, input.from],
    );
    const organizers = this.organizerNames(rows);
    const taken = this.requests.placesTakenMany(rows.map((row) => row.__id));
    return {
      success: true,
      result: rows.map((row) => this.summary(row, organizers, taken.get(row.__id))),
      total,
    };
  }

  /**
   * The programs of an event, by name: the event's few from the index of links to an event, then sorted. Without
   * naming it the planner took the index by name, for the order, and read every program of every event.
   */
  programsOf(eventId: string): readonly ProgramRecord[] {
    return this.items.derived(JSON.stringify(['programsOf', eventId]), () =>
      this.items
        .query<StoredItem>(
          `SELECT ${ItemsRepository.columns} FROM items INDEXED BY items_link_competition
             WHERE app = ? AND deleted_at IS NULL AND json_extract(data, '$.competition[0]') = ?
             ORDER BY items.name ASC, items.seq ASC`,
          [platformApps.programs, eventId],
        )
        .map((item) => item as unknown as ProgramRecord),
    );
  }

  /** What an event's card holds but whether registration is open, which turns with the clock at its deadline. */
  private eventCard(id: string): EventCard {
    const event = this.items.require(platformApps.competitions, id, 'Мероприятие');
    const summary = this.summary(event, this.organizerNames([event]));
    const classIds = new Set(summary.age_class);
    const ageClasses: AgeClassRecord[] = this.ageClasses
      .all()
      .filter((ageClass) => classIds.has(ageClass.__id));
    return { summary, programs: [...this.programsOf(id)], ageClasses, documents: this.acceptedDocuments(id) };
  }

  getEventById(id: string): PlatformScriptOutput<'getEventById'> {
    const { summary, programs, ageClasses, documents } = this.items.derived(
      JSON.stringify(['eventCard', id]),
      () => this.eventCard(id),
    );
    const open =
      summary.cancelled !== true &&
      summary.registration_deadline >= this.options.now().toISOString() &&
      (summary.places_limit === 0 || summary.placesTaken < summary.places_limit);
    return {
      success: true,
      data: { ...summary, programs, ageClasses, registrationOpen: open, documents },
    };
  }

  /** What the federation accepted of an event's documents: public, beside the event. */
  private acceptedDocuments(eventId: string): EventDetails['documents'] {
    return this.items
      .query<StoredItem>(
        `SELECT ${ItemsRepository.columns} FROM items INDEXED BY items_link_competition
           WHERE app = ? AND deleted_at IS NULL
           AND json_extract(data, '$.competition[0]') = ? AND json_extract(data, '$.state') = 'accepted'
         ORDER BY items.created_at ASC, items.seq ASC`,
        [platformApps.competitionDocuments, eventId],
      )
      .map((item) => {
        const document = toCompetitionDocument(item);
        return { __id: document.__id, __name: document.__name, kind: document.kind, file: document.file };
      });
  }

  getEventPrograms(input: PlatformScriptArgs<'getEventPrograms'>): PlatformScriptOutput<'getEventPrograms'> {
    return this.items.derived(JSON.stringify(['getEventPrograms', input]), () => {
      this.items.require(platformApps.competitions, input.eventId, 'Мероприятие');
      const programs = this.programsOf(input.eventId).filter(
        (program) => !input.gender || !program.program_type.gender || program.pol?.[0]?.code === input.gender,
      );
      return { success: true, result: programs, total: programs.length };
    });
  }

  getAgeClasses(): PlatformScriptOutput<'getAgeClasses'> {
    const all = this.ageClasses.all();
    return { success: true, result: all, total: all.length };
  }

  getOfferDocument(id: string): PlatformScriptOutput<'getOfferDocument'> {
    const offer = this.items.require(platformApps.offer, id, 'Документ');
    const file = (offer['file'] as string[] | undefined) ?? [];
    const fileId = file[0];
    if (!fileId) throw ElmaError.notFound(`Файл документа ${id} не найден`);
    return {
      success: true,
      data: { __id: offer.__id, __name: offer.__name, file, html: this.files.readText(fileId) },
    };
  }

  /** The accounts behind platform user ids (sportsman ids): linked accounts of one login. */
  getUsersByElmaUserId(userIds: readonly string[]): PlatformScriptOutput<'getUsersByElmaUserId'> {
    const found = this.items.getMany(platformApps.sportsman, userIds);
    return {
      success: true,
      sportsmans: found.map((item) => toSportsmanShort(this.ageClasses.decorate(item))),
    };
  }
}
