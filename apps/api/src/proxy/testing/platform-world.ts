import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, testIds } from './gateway-testing';

export const TEST_PLATFORM_TOKEN = 'platform-test-token-0123456789';
export const extensions = sandboxPublicConfig.extensions;

const requests: Record<string, { sportsman: string[]; competition: string[] }> = {
  [testIds.requestA]: { sportsman: [testIds.athleteA], competition: [testIds.competitionX] },
  [testIds.requestB]: { sportsman: [testIds.athleteB], competition: [testIds.competitionY] },
};
const competitions: Record<string, string[]> = {
  [testIds.competitionX]: [testIds.orgX],
  [testIds.competitionY]: [testIds.orgY],
};
/** A paid photo/video sale of athlete A: cancelled only through the refund of its request. */
export const paidSaleA = '55555555-0000-4000-8000-0000000000a1';

const sales: Record<string, string[]> = {
  [testIds.saleA]: [testIds.athleteA],
  [testIds.saleB]: [testIds.athleteB],
  [paidSaleA]: [testIds.athleteA],
};

/**
 * A small platform that knows who owns the test requests, competitions and sales, and answers every
 * other allowed call with an echo of what it received.
 */
export function platformWorld(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
  if (request.headers.authorization !== `Bearer ${TEST_PLATFORM_TOKEN}`) {
    return sendJson(response, 403, { success: false, error: 'bad token' });
  }
  const url = new URL(request.url ?? '/', 'http://platform');
  const path = url.pathname;
  if (path === `/api/extensions/${extensions.application}/script/getApplicationById`) {
    const { id } = JSON.parse(url.searchParams.get('data') ?? '{}') as { id?: string };
    const found = id === undefined ? undefined : requests[id];
    if (found === undefined) return sendJson(response, 404, { success: false, error: 'request not found' });
    return sendJson(response, 200, { success: true, data: { __id: id, ...found, requestState: 'new' } });
  }
  const item = /^\/pub\/v1\/app\/sport\/(competitions|photo_video_sales)\/([^/]+)\/get$/.exec(path);
  if (item) {
    const [, app, id = ''] = item;
    const links = app === 'competitions' ? competitions[id] : sales[id];
    if (links === undefined) return sendJson(response, 404, { success: false, error: 'item not found' });
    const field = app === 'competitions' ? 'organizer' : 'sportsman';
    const status = app === 'competitions' ? {} : { status: id === paidSaleA ? 'paid' : 'ordered' };
    return sendJson(response, 200, {
      success: true,
      error: '',
      item: { __id: id, __name: id, [field]: links, ...status },
    });
  }
  return sendJson(response, 200, {
    success: true,
    echo: { method: request.method, path, data: url.searchParams.get('data'), body: body.toString('utf8') },
  });
}
