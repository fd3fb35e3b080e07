import type { APIRequestContext, Page } from '@playwright/test';
import { platformScriptModules, platformScripts, type PlatformScriptName } from '@fed/contracts';

/**
 * Calls a platform script through the portal's proxy as the signed-in page would (its stored token, the module ids
 * of the page's public configuration): for what the interface rightly does not offer, such as a refused transition.
 */
export async function callPlatform(
  page: Page,
  script: PlatformScriptName,
  data: unknown,
): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }> {
  return page.evaluate(
    async ({ module, name, method, input }) => {
      const config = JSON.parse(document.getElementById('public-config')?.textContent ?? '{}') as {
        extensions?: Record<string, string>;
      };
      const path = `/api/extensions/${config.extensions?.[module] ?? ''}/script/${name}`;
      const target = method === 'GET' ? `${path}?data=${encodeURIComponent(JSON.stringify(input))}` : path;
      const answer = await fetch(`/api/proxy?url=${encodeURIComponent(target)}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('fed.accessToken') ?? ''}`,
        },
        body: method === 'POST' ? JSON.stringify(input) : undefined,
      });
      return { status: answer.status, body: (await answer.json()) as { message?: string } };
    },
    {
      module: platformScriptModules[script],
      name: script,
      method: platformScripts[script].method,
      input: data,
    },
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
