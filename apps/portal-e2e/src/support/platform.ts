import type { APIRequestContext, Page } from '@playwright/test';
import {
  PLATFORM_NAMESPACE,
  platformScriptModules,
  platformScripts,
  type PlatformScriptName,
} from '@fed/contracts';

/** An api answer as a journey reads it: the status, and the JSON body (empty when there is none). */
export interface ApiAnswer<T = { message?: string } & Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * Calls the api as the signed-in page would, with its stored token: for what the interface rightly does not offer
 * (another login's record, a refused write) or a step a journey takes without its page.
 */
export async function callApi<T = { message?: string } & Record<string, unknown>>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Authorization: `Bearer ${localStorage.getItem('fed.accessToken') ?? ''}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      return { status: answer.status, body: (text ? JSON.parse(text) : {}) as T };
    },
    { method, path, body },
  );
}

/**
 * Calls a platform script through the portal's proxy as the signed-in page would (its stored token, the module ids
 * of the page's public configuration): for what the interface rightly does not offer, such as a refused transition.
 */
export async function callPlatform(
  page: Page,
  script: PlatformScriptName,
  data: unknown,
): Promise<ApiAnswer> {
  const module = await page.evaluate(
    (name) =>
      (
        JSON.parse(document.getElementById('public-config')?.textContent ?? '{}') as {
          extensions?: Record<string, string>;
        }
      ).extensions?.[name] ?? '',
    platformScriptModules[script],
  );
  const { method } = platformScripts[script];
  const path = `/api/extensions/${module}/script/${script}`;
  const target = method === 'GET' ? `${path}?data=${encodeURIComponent(JSON.stringify(data))}` : path;
  return callApi(
    page,
    method,
    `/api/proxy?url=${encodeURIComponent(target)}`,
    method === 'POST' ? data : undefined,
  );
}

/**
 * The federation's review of a competition document, which on the real platform happens in its own interface:
 * the twin's stand-in, answered only with the twin's token (the run's `E2E_PLATFORM_TOKEN`).
 */
export async function reviewCompetitionDocument(
  request: APIRequestContext,
  documentId: string,
  review: { state: 'accepted' } | { state: 'returned'; reason: string },
): Promise<void> {
  const answer = await request.post(`/sandbox/elma/competition-documents/${documentId}/review`, {
    headers: { Authorization: `Bearer ${process.env['E2E_PLATFORM_TOKEN'] ?? ''}` },
    data: review,
  });
  if (!answer.ok()) throw new Error(`the review answered ${answer.status()}: ${await answer.text()}`);
}

/**
 * The platform twin's app API (`/sandbox/elma/pub/v1/app/sport/…`) with the run's token (`E2E_PLATFORM_TOKEN`),
 * as the federation's staff would write: for putting demo data back, or reading what a journey left behind.
 */
export async function platformApp<T = unknown>(
  request: APIRequestContext,
  path: string,
  body: object,
): Promise<T> {
  const answer = await request.post(`/sandbox/elma/pub/v1/app/${PLATFORM_NAMESPACE}/${path}`, {
    headers: { Authorization: `Bearer ${process.env['E2E_PLATFORM_TOKEN'] ?? ''}` },
    data: body,
  });
  if (!answer.ok()) throw new Error(`the platform answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** How the platform twin fails the next calls of a script (its fault switch, docs/sandbox.md). */
export interface PlatformFault {
  script: PlatformScriptName;
  /** `down`: no answer (the api says 502); `slow`: held `delayMs` (past the api's deadline: 504); `error`: 500. */
  kind: 'down' | 'slow' | 'error';
  calls?: number;
  delayMs?: number;
}

const twinAuth = () => ({ Authorization: `Bearer ${process.env['E2E_PLATFORM_TOKEN'] ?? ''}` });

/** Sets the platform twin's fault switch for a script, with the run's token. */
export async function failPlatform(request: APIRequestContext, fault: PlatformFault): Promise<void> {
  const answer = await request.post('/sandbox/elma/faults', { headers: twinAuth(), data: fault });
  if (!answer.ok()) throw new Error(`the fault switch answered ${answer.status()}: ${await answer.text()}`);
}

/** Every fault of the platform twin and of the SMS gateway off. */
export async function clearFaults(request: APIRequestContext): Promise<void> {
  for (const path of ['/sandbox/elma/faults', '/sandbox/sms/faults']) {
    const answer = await request.delete(path, { headers: twinAuth() });
    if (!answer.ok()) throw new Error(`${path} answered ${answer.status()}: ${await answer.text()}`);
  }
}

/** The sandbox SMS gateway refuses the next `calls` messages (its fault switch, the run's token). */
export async function failSms(request: APIRequestContext, calls: number): Promise<void> {
  const answer = await request.post('/sandbox/sms/faults', { headers: twinAuth(), data: { calls } });
  if (!answer.ok())
    throw new Error(`the SMS fault switch answered ${answer.status()}: ${await answer.text()}`);
}
