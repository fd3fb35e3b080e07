import { addDays, federationToday, isoDay, type Clock } from '@fed/calendar';
import {
  elmaErrorAnswerSchema,
  elmaUploadAnswerSchema,
  PLATFORM_NAMESPACE,
  platformScripts,
  type PlatformScriptName,
  type PublicConfig,
  USER_ID_HEADER,
} from '@fed/contracts';
import type request from 'supertest';
import { expect } from 'vitest';

/**
 * Where the platform contract runs: the twin mounted in a test app, or a real upstream (`CONTRACT_PLATFORM_URL`).
 */
export interface ContractTarget {
  /** A supertest client for the server or URL. */
  client: () => ReturnType<typeof request>;
  /** Path of the platform's root on that client: `/sandbox/elma` for the mounted twin, '' for a real URL. */
  prefix: string;
  token: string;
  extensions: PublicConfig['extensions'];
  offerDocumentIds: PublicConfig['offerDocumentIds'];
  /**
   * The target's clock: inputs that name a day (an event's dates, "upcoming", who is a minor) are laid out from
   * its federation (Moscow) day, so that the suite holds on whatever day it runs against whichever platform.
   */
  clock: Clock;
}

export const NS = PLATFORM_NAMESPACE;

type ScriptModule = keyof PublicConfig['extensions'];
type Sportsman = ReturnType<typeof platformScripts.getSportsmen.output.parse>['result'][number];

/** The value, or a failed test saying it is missing. */
export function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/**
 * Requests to the target as the portal's server makes them, with its token. The target is read on every call:
 * it exists only once the suite's `beforeAll` has started it.
 */
export function contractClient(getTarget: () => ContractTarget) {
  const t = () => getTarget();
  const path = (tail: string) => `${t().prefix}${tail}`;
  const auth = (test: request.Test) => test.set('Authorization', `Bearer ${t().token}`);
  const get = (tail: string) => auth(t().client().get(path(tail)));
  const post = (tail: string, body?: unknown) => auth(t().client().post(path(tail))).send(body as object);
  const scriptPath = (module: ScriptModule, name: PlatformScriptName | string) =>
    `/api/extensions/${t().extensions[module]}/script/${name}`;
  const getScript = (module: ScriptModule, name: string, data: unknown) =>
    auth(
      t()
        .client()
        .get(path(scriptPath(module, name)))
        .query({ data: JSON.stringify(data) }),
    );
  /** A write; `userId` is the header of the portal's active user (spec §7), for scripts that act for it. */
  const postScript = (module: ScriptModule, name: string, data: unknown, userId?: string) => {
    const call = post(scriptPath(module, name), data);
    return userId === undefined ? call : call.set(USER_ID_HEADER, userId);
  };
  const list = (app: string, body: unknown) => post(`/pub/v1/app/${NS}/${app}/list`, body);
  /** `YYYY-MM-DD` of the day `days` from the target's federation (Moscow) today. */
  const dayFromToday = (days: number) => isoDay(addDays(federationToday(t().clock), days));
  const expectError = (body: unknown) =>
    expect(elmaErrorAnswerSchema.parse(body).error.length).toBeGreaterThan(0);

  const firstEvents = async (when: 'upcoming' | 'past') => {
    const answer = await getScript('functions', 'getEvents', { when, size: 50 }).expect(200);
    return platformScripts.getEvents.output.parse(answer.body).result;
  };
  const anAthlete = async (filter: (athlete: Sportsman) => boolean) => {
    const athletes = platformScripts.getSportsmen.output.parse(
      (await getScript('functions', 'getSportsmen', { size: 100 }).expect(200)).body,
    ).result;
    const found = athletes.find(filter);
    if (!found) throw new Error('no athlete fits');
    return found;
  };
  const uploadFile = async (name: string, contentType: string, body: Buffer) =>
    elmaUploadAnswerSchema.parse(
      (
        await auth(t().client().post(path('/pub/v1/disk/directory/root/upload')))
          .attach('file', body, { filename: name, contentType })
          .expect(200)
      ).body,
    ).file.__id;

  return {
    t,
    path,
    auth,
    get,
    post,
    scriptPath,
    getScript,
    postScript,
    list,
    dayFromToday,
    expectError,
    firstEvents,
    anAthlete,
    uploadFile,
  };
}

export type ContractClient = ReturnType<typeof contractClient>;

/**
 * One area of the contract. Its reads run against the seeded data before any area writes; its writes run, in
 * the suite's order of areas, only where writing is allowed (always on the twin).
 */
export interface ContractArea {
  reads?: (client: ContractClient) => void;
  writes?: (client: ContractClient) => void;
}
