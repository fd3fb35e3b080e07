import type { EventDetails } from '@fed/contracts';
import { calendarDayOf, isoDay, nextDay, type CalendarDay } from '@fed/calendar';
import { eventLocation } from '../model/venue';

/**
 * An iCalendar (RFC 5545) file of one event, for 'Добавить в календарь'. Competitions run over whole days,
 * so the event is an all-day one: `DTSTART;VALUE=DATE` is the first day and `DTEND` the day after the last
 * (the end is exclusive, §3.6.1).
 */
export interface IcsEvent {
  /** Globally unique and stable, so that importing the file again updates the entry instead of doubling it. */
  uid: string;
  /** First day. */
  start: CalendarDay;
  /** Last day, inclusive. */
  end: CalendarDay;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** When the file was made (`DTSTAMP`). */
  stamp: Date;
}

const CRLF = '\r\n';
/** §3.1: content lines are folded so that none is longer than this many octets, the line break aside. */
const MAX_LINE_OCTETS = 75;

/** §3.3.11 TEXT: backslash, semicolon and comma are escaped, and line breaks become `\n`. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * §3.1 folding: a line longer than 75 octets (UTF-8 bytes, not characters: Cyrillic takes two) continues on
 * the next line after a single space, which counts towards that line's 75. Lines break between characters,
 * never inside one.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const octets = utf8Octets(character.codePointAt(0) ?? 0);
    if (size + octets > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      size = 1;
    }
    current += character;
    size += octets;
  }
  lines.push(current);
  return lines.join(CRLF);
}

const basicDate = (day: CalendarDay) => isoDay(day).replace(/-/g, '');

/** `20261201T093000Z`: a UTC date-time in the basic format §3.3.5 asks for. */
function utcStamp(moment: Date): string {
  return moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The whole `.ics` text: CRLF line ends, escaped text values, folded lines. */
export function buildIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FKE//Portal//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;VALUE=DATE:${basicDate(event.start)}`,
    `DTEND;VALUE=DATE:${basicDate(nextDay(event.end))}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    event.location && `LOCATION:${escapeIcsText(event.location)}`,
    event.description && `DESCRIPTION:${escapeIcsText(event.description)}`,
    // A URI value, not TEXT: commas and semicolons in it stay as they are.
    event.url && `URL:${event.url}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter((line): line is string => Boolean(line));
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

export interface EventIcsOptions {
  /** The event page's absolute address. */
  pageUrl: string;
  /** The portal's host, for the `UID`. */
  host: string;
  /** When the file is made (`DTSTAMP`). */
  now: Date;
}

/**
 * What an event's `.ics` is made of, read from the event: plain data, so that a page the server rendered
 * carries it to its «Добавить в календарь» island instead of the whole event.
 */
export interface IcsSource {
  id: string;
  name: string;
  /** The event's instants as the platform gives them; their days are taken on the federation's calendar. */
  dateStart: string;
  dateEnd: string;
  location: string;
  /** The description and the organizer, as the file's description starts. */
  description: string;
}

export function icsSourceOf(event: EventDetails): IcsSource {
  return {
    id: event.__id,
    name: event.__name,
    dateStart: event.date_start,
    dateEnd: event.date_end,
    location: eventLocation(event),
    description: [event.description.trim(), event.organizerName && `Организатор: ${event.organizerName}`]
      .filter(Boolean)
      .join('\n\n'),
  };
}

/** The `.ics` of a competition, from what `icsSourceOf` read of it. */
export function sourceToIcs(source: IcsSource, { pageUrl, host, now }: EventIcsOptions): string {
  return buildIcs({
    uid: `competition-${source.id}@${host}`,
    start: calendarDayOf(source.dateStart),
    end: calendarDayOf(source.dateEnd),
    summary: source.name,
    location: source.location,
    description: [source.description, pageUrl].filter(Boolean).join('\n\n'),
    url: pageUrl,
    stamp: now,
  });
}

/** The `.ics` of a competition. */
export function eventToIcs(event: EventDetails, options: EventIcsOptions): string {
  return sourceToIcs(icsSourceOf(event), options);
}

/** A file name browsers accept on every system: the event's name without the characters they forbid. */
export function icsFileName(name: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${cleaned || 'event'}.ics`;
}
