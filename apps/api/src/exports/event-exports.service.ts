import { Inject, Injectable } from '@nestjs/common';
import { calendarDayOf, instantOf, isoDay, type CalendarDay } from '@fed/calendar';
import {
  ELMA_LIST_MAX_SIZE,
  exportErrorCodes,
  exportMimeTypes,
  platformApps,
  type ElmaItem,
  type EventDetails,
  type ExportFormat,
  type RequestView,
} from '@fed/contracts';
import { Readable } from 'node:stream';
import { ApiException } from '../common/api-exception.filter';
import { ownIds, type Caller } from '../common/caller';
import { CLOCK, type Clock } from '../common/clock';
import type { OutgoingFile } from '../common/file-transfer';
import { PlatformClient, PlatformError } from '../platform/platform-client';
import { applicantsIn, filterAnswer, type Viewer } from '../proxy/answer-filter';
import { APPLICATION_COLUMNS, applicationGroups, cellOf, type ProgramGroup } from './application-rows';
import { csvFile } from './csv';
import { asciiSlug, safeFileName } from './download-name';
import { applicationsWorkbook } from './xlsx';

export const EXPORTS_OPTIONS = Symbol('EXPORTS_OPTIONS');

export interface ExportsModuleOptions {
  /** The federation's organization (`PUBLIC_FEDERATION_PROFILE_ID`): it may export any event. */
  federationId: string;
}

/** More applications than this in one event is not an export but a data dump: refused, not attempted. */
export const EXPORT_MAX_REQUESTS = 20_000;
/** Pages of athletes and clubs asked of the platform at once. */
const PARALLEL_PAGES = 4;

type Json = Record<string, unknown>;

function forbidden(message: string): never {
  throw new ApiException(403, { code: exportErrorCodes.forbidden, message });
}

function firstId(value: unknown): string | null {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
}

const pad = (value: number) => String(value).padStart(2, '0');
const russianDay = (day: CalendarDay) => `${pad(day.day)}.${pad(day.month)}.${day.year}`;

/** Runs `tasks` at most `limit` at a time, the answers in the tasks' order. */
async function inBatches<T>(tasks: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < tasks.length; start += limit) {
    answers.push(...(await Promise.all(tasks.slice(start, start + limit).map((task) => task()))));
  }
  return answers;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * An event's applications as a file for its organizer and the federation. Who may is decided here, from the
 * caller and the event's organizers on the platform; what the file says of each athlete is what the proxy's
 * answer filter lets that caller see (`answer-filter.ts`), applied to the very records read: the organizer of the
 * event is the organizer the filter knows (birth date, and what each person chose to publish), the federation of
 * a club's event a viewer like any other. Every platform call is the api's own client with the server's token,
 * the same as in production; the twin answers them in the sandbox.
 */
@Injectable()
export class EventExportsService {
  constructor(
    private readonly platform: PlatformClient,
    @Inject(EXPORTS_OPTIONS) private readonly options: ExportsModuleOptions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A platform failure as the api's answer; its 404 (no such event) as ours. */
  private async call<T>(run: () => Promise<T>, reason: string): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PlatformError) {
        if (error.status === 404) {
          throw new ApiException(404, { code: exportErrorCodes.notFound, message: 'Мероприятие не найдено' });
        }
        throw error.toApiException(reason);
      }
      throw error;
    }
  }

  /** The event, when the caller may export it: 403 for an athlete or another club, 404 for no such event. */
  private async eventFor(
    caller: Caller,
    competitionId: string,
  ): Promise<{ event: EventDetails; organizer: boolean }> {
    if (caller.contractorType !== 'organization' || caller.organizationId === null) {
      forbidden('Выгрузка заявок доступна организатору мероприятия и федерации');
    }
    const event = await this.call(
      async () => (await this.platform.runScript('getEventById', { id: competitionId })).data,
      'мероприятие не прочитано',
    );
    const organizer = event.organizer.includes(caller.organizationId);
    if (!organizer && caller.organizationId !== this.options.federationId) {
      forbidden('Это мероприятие организует другая организация');
    }
    return { event, organizer };
  }

  /** Every request to the event, page by page (the platform's largest), each once. */
  private async requestsOf(competitionId: string): Promise<RequestView[]> {
    const byId = new Map<string, RequestView>();
    for (let from = 0; ; from += ELMA_LIST_MAX_SIZE) {
      const page = await this.call(
        () =>
          this.platform.runScript('getCompetitionRequests', {
            competitionId,
            requestState: '',
            query: '',
            from,
            size: ELMA_LIST_MAX_SIZE,
          }),
        'заявки не прочитаны',
      );
      if (page.total > EXPORT_MAX_REQUESTS) {
        throw new ApiException(413, {
          code: exportErrorCodes.tooMany,
          message: `Заявок больше ${EXPORT_MAX_REQUESTS}: выгрузка такого размера не поддерживается`,
        });
      }
      for (const request of page.result) byId.set(request.__id, request);
      if (page.result.length < ELMA_LIST_MAX_SIZE || from + ELMA_LIST_MAX_SIZE >= page.total) break;
    }
    return [...byId.values()];
  }

  /** Records of the `sportsman` app (athletes and clubs alike) by id, whole, a platform page at a time. */
  private async recordsOf(ids: ReadonlySet<string>): Promise<ElmaItem[]> {
    const pages = await inBatches(
      chunks([...ids], ELMA_LIST_MAX_SIZE).map(
        (page) => () =>
          this.call(
            () =>
              this.platform.listItems(platformApps.sportsman, { filter: { ids: page }, size: page.length }),
            'спортсмены не прочитаны',
          ),
      ),
      PARALLEL_PAGES,
    );
    return pages.flatMap((page) => page.result);
  }

  /** The rows of the export, grouped and ordered, as `caller` may see them. */
  async groupsFor(
    caller: Caller,
    competitionId: string,
  ): Promise<{ event: EventDetails; groups: ProgramGroup[] }> {
    const { event, organizer } = await this.eventFor(caller, competitionId);
    const requests = await this.requestsOf(event.__id);
    const athleteIds = new Set<string>();
    for (const request of requests) {
      const id = firstId(request.sportsman);
      if (id !== null) athleteIds.add(id);
    }
    const athletes = await this.recordsOf(athleteIds);
    const clubIds = new Set<string>();
    for (const athlete of athletes) {
      const id = firstId(athlete['organiz']);
      if (id !== null) clubIds.add(id);
    }
    const clubs = await this.recordsOf(clubIds);
    // A field the filter takes out must be told from one the platform left empty: each is present, null if none.
    for (const athlete of athletes as Json[]) {
      for (const field of ['gorod', 'coach', 'term_membership']) athlete[field] ??= null;
    }
    const answer = { requests, athletes, clubs };
    const viewer: Viewer = {
      ownIds: ownIds(caller),
      // As the proxy's organizer of the event: the athletes whose requests to it this call read.
      applicantIds: organizer ? applicantsIn({ requests }, new Set([event.__id])) : new Set(),
      now: instantOf(this.clock),
    };
    filterAnswer(answer, viewer);
    const groups = applicationGroups({
      dateStart: event.date_start,
      programs: event.programs,
      ageClasses: event.ageClasses,
      requests,
      athletes: new Map((answer.athletes as Json[]).map((athlete) => [String(athlete['__id']), athlete])),
      clubNames: new Map(
        (answer.clubs as Json[]).map((club) => [String(club['__id']), String(club['__name'] ?? '')]),
      ),
    });
    return { event, groups };
  }

  async export(caller: Caller, competitionId: string, format: ExportFormat): Promise<OutgoingFile> {
    const { event, groups } = await this.groupsFor(caller, competitionId);
    const first = calendarDayOf(event.date_start);
    const last = calendarDayOf(event.date_end);
    const sameDay = isoDay(first) === isoDay(last);
    const stem = `Заявки — ${safeFileName(event.__name, 100)} — ${isoDay(first)}`;
    const body =
      format === 'csv'
        ? csvFile([
            APPLICATION_COLUMNS.map((column) => column.header),
            ...groups.flatMap((group) =>
              group.rows.map((row) => APPLICATION_COLUMNS.map((column) => cellOf(row, column.key))),
            ),
          ])
        : await applicationsWorkbook(groups, {
            eventName: event.__name,
            eventDates: sameDay ? russianDay(first) : `${russianDay(first)} — ${russianDay(last)}`,
            createdAt: instantOf(this.clock),
          });
    return {
      contentType: exportMimeTypes[format],
      fileName: `${safeFileName(stem)}.${format}`,
      asciiFileName: `zayavki-${asciiSlug(event.__name) || 'event'}-${isoDay(first)}.${format}`,
      attachment: true,
      contentLength: body.length,
      body: Readable.from([body]),
    };
  }
}
