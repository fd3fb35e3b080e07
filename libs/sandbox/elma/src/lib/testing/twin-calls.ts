import { USER_ID_HEADER } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import request from 'supertest';
import { TEST_TOKEN, type TwinHarness } from './twin-harness';

type ExtensionModule = keyof typeof sandboxPublicConfig.extensions;

/**
 * The platform's calls on a running twin, as the api makes them with the server's token: an extension's script
 * written to (with the portal's active user's header, for the scripts that act for it) or read, and the public
 * app API. `current` gives the twin of the moment (a suite starts it in a hook).
 */
export function twinCalls(current: () => TwinHarness) {
  const { extensions } = sandboxPublicConfig;
  const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
  const http = () => request(current().app.getHttpServer());
  return {
    http,
    script: (module: ExtensionModule, name: string, body: unknown, userId?: string) =>
      http()
        .post(`/sandbox/elma/api/extensions/${extensions[module]}/script/${name}`)
        .set(auth)
        .set(userId === undefined ? {} : { [USER_ID_HEADER]: userId })
        .send(body as object),
    read: (module: ExtensionModule, name: string, data: unknown) =>
      http()
        .get(`/sandbox/elma/api/extensions/${extensions[module]}/script/${name}`)
        .set(auth)
        .query({ data: JSON.stringify(data) }),
    pub: (tail: string, body: unknown) =>
      http()
        .post(`/sandbox/elma/pub/v1${tail}`)
        .set(auth)
        .send(body as object),
  };
}
