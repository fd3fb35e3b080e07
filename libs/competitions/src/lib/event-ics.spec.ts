import { describe, expect, it } from 'vitest';
import { eventDetails } from '../testing/fixtures';
import { buildIcs, escapeIcsText, eventToIcs, foldIcsLine, icsFileName } from './event-ics';

const octets = (line: string) => new TextEncoder().encode(line).length;
/** §3.1 unfolding: a line break followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeIcsText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeIcsText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
  });

  it('escapes the backslash first, so the escapes it adds are not escaped again', () => {
    expect(escapeIcsText('\\,')).toBe('\\\\\\,');
  });
});

describe('foldIcsLine', () => {
  it('leaves a line of 75 octets alone', () => {
    const line = 'x'.repeat(75);
    expect(foldIcsLine(line)).toBe(line);
  });

  it('folds longer lines so that no line exceeds 75 octets, the leading space included', () => {
    const folded = foldIcsLine(`DESCRIPTION:${'a'.repeat(200)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(`DESCRIPTION:${'a'.repeat(200)}`);
  });

  it('counts UTF-8 bytes, not characters, and never splits a character', () => {
    const line = `SUMMARY:${'Первенство России по каратэ — '.repeat(4)}🥋`;
    const lines = foldIcsLine(line).split('\r\n');
    for (const part of lines) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A split inside a character would leave a replacement character after decoding.
      expect(new TextDecoder().decode(new TextEncoder().encode(part))).not.toContain('\uFFFD');
    }
    // Cyrillic takes two octets: 75 octets hold at most 37 letters after 'SUMMARY:'.
    expect(lines[0]?.length).toBeLessThan(75);
    expect(unfold(lines.join('\r\n'))).toBe(line);
  });
});

describe('buildIcs', () => {
  const ics = buildIcs({
    uid: 'competition-ev-1@portal.example',
    start: { year: 2026, month: 12, day: 30 },
    end: { year: 2026, month: 12, day: 31 },
    summary: 'Кубок; финал, 2026',
    location: 'Казань, ул. Баумана, 5',
    description: 'Первая строка\nВторая строка',
    url: 'https://portal.example/competitions/ev-1?a=1,2',
    stamp: new Date('2026-11-01T09:30:15.123Z'),
  });
  const lines = unfold(ics).split('\r\n');

  it('ends every line with CRLF and wraps one VEVENT in a VCALENDAR', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('END:VEVENT');
  });

  it('is an all-day event whose end is the day after the last one, across a year end', () => {
    expect(lines).toContain('DTSTART;VALUE=DATE:20261230');
    expect(lines).toContain('DTEND;VALUE=DATE:20270101');
  });

  it('carries UID, a UTC DTSTAMP and the escaped text properties', () => {
    expect(lines).toContain('UID:competition-ev-1@portal.example');
    expect(lines).toContain('DTSTAMP:20261101T093015Z');
    expect(lines).toContain('SUMMARY:Кубок\\; финал\\, 2026');
    expect(lines).toContain('LOCATION:Казань\\, ул. Баумана\\, 5');
    expect(lines).toContain('DESCRIPTION:Первая строка\\nВторая строка');
    expect(lines).toContain('URL:https://portal.example/competitions/ev-1?a=1,2');
  });

  it('keeps every physical line within 75 octets', () => {
    const long = buildIcs({
      uid: 'u',
      start: { year: 2026, month: 1, day: 1 },
      end: { year: 2026, month: 1, day: 1 },
      summary: 'С'.repeat(120),
      stamp: new Date('2026-01-01T00:00:00Z'),
    });
    for (const line of long.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(long).not.toContain('LOCATION');
  });
});

describe('eventToIcs', () => {
  it('makes an all-day event of the competition’s Moscow days with its page and place', () => {
    const event = eventDetails({ date_start: '2099-12-11T22:00:00Z', date_end: '2099-12-14T15:00:00Z' });
    const lines = unfold(
      eventToIcs(event, {
        pageUrl: 'https://portal.example/competitions/ev-1',
        host: 'portal.example',
        now: new Date('2099-11-01T00:00:00Z'),
      }),
    ).split('\r\n');
    expect(lines).toContain('DTSTART;VALUE=DATE:20991212');
    expect(lines).toContain('DTEND;VALUE=DATE:20991215');
    expect(lines).toContain('UID:competition-ev-1@portal.example');
    expect(lines).toContain('SUMMARY:Кубок Казани по каратэ');
    expect(lines).toContain('URL:https://portal.example/competitions/ev-1');
    expect(lines.find((line) => line.startsWith('LOCATION:'))).toContain('Дворец спорта «Олимп»');
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toContain('Организатор: Клуб «Сэмпай»');
  });

  it('names the file after the event without characters file systems forbid', () => {
    expect(icsFileName('Кубок "Казани": 1/2 финала')).toBe('Кубок Казани 1 2 финала.ics');
    expect(icsFileName('***')).toBe('event.ics');
  });
});
