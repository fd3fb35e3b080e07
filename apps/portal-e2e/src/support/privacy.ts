import type { Page } from '@playwright/test';
import {
  organizationPrivateFields,
  personPrivateFields,
  recordKindOf,
  recordMarkerFieldNames,
  subjectsOf,
} from '@fed/contracts';

const privateKeys = new Set<string>([...personPrivateFields, ...organizationPrivateFields]);

/**
 * Every place in `value` where a private field of somebody other than `own` shows, by the one list of
 * `libs/contracts` (privacy.ts): a person's private field on a person's record, an organization's on an
 * organization's. Values of private fields are judged with their record, not walked into.
 */
export function othersPrivateFieldsIn(value: unknown, own: ReadonlySet<string>, path = '$'): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => othersPrivateFieldsIn(item, own, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const found: string[] = [];
  if (keys.some((key) => recordMarkerFieldNames.has(key))) {
    const subjects = subjectsOf(record);
    if (!subjects.some((id) => own.has(id))) {
      const forbidden: readonly string[] =
        recordKindOf(record) === 'person' ? personPrivateFields : organizationPrivateFields;
      found.push(...forbidden.filter((field) => field in record).map((field) => `${path}.${field}`));
    }
  }
  for (const key of keys) {
    if (!privateKeys.has(key)) found.push(...othersPrivateFieldsIn(record[key], own, `${path}.${key}`));
  }
  return found;
}

export interface RecordedAnswer {
  url: string;
  body: unknown;
}

/** The answers a page rendered on the server carries (its `portal-page-state` JSON), recorded as one answer. */
export const PAGE_STATE_SUFFIX = '#page-state';
const PAGE_STATE = /<script id="portal-page-state" type="application\/json">([\s\S]*?)<\/script>/;

/**
 * One query's data as the page's state holds it (`endpoint(args)`, RTK Query's cache key), from the pages the
 * server rendered among the recorded answers.
 */
export function pageStateData(answers: readonly RecordedAnswer[], cacheKey: string): unknown {
  for (const answer of answers) {
    if (!answer.url.endsWith(PAGE_STATE_SUFFIX)) continue;
    const state = answer.body as { api?: { queries?: Record<string, { data?: unknown }> } };
    const data = state.api?.queries?.[cacheKey]?.data;
    if (data !== undefined) return data;
  }
  return undefined;
}

/**
 * Records every JSON answer the page receives from now on (its own calls and the api's), and the answers a page
 * rendered on the server carries in its HTML, for a journey to read at its end: `answers()` waits for the bodies
 * still arriving.
 */
export function recordAnswers(page: Page) {
  const pending: Promise<RecordedAnswer | null>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('text/html')) {
      pending.push(
        response.text().then(
          (html) => {
            const json = PAGE_STATE.exec(html)?.[1];
            return json
              ? { url: `${response.url()}${PAGE_STATE_SUFFIX}`, body: JSON.parse(json) as unknown }
              : null;
          },
          () => null,
        ),
      );
      return;
    }
    if (!type.includes('json')) return;
    pending.push(
      response.json().then(
        (body: unknown) => ({ url: response.url(), body }),
        // A redirect or an answer the page left before it was read: no body to judge.
        () => null,
      ),
    );
  });
  return {
    answers: async () =>
      (await Promise.all(pending)).filter((answer): answer is RecordedAnswer => answer !== null),
  };
}
