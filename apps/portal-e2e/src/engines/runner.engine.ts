import { createServer, type Server } from 'node:http';
import { apiLogSize, breaksSeen, expect, test } from './test';

/**
 * The runner itself: a break that only one engine has is caught in that engine. The page below formats a date
 * parsed from a string with an offset after a space, as a careless date helper might: Chromium and Firefox read
 * it, WebKit does not, and `toISOString` of its Invalid Date throws. (WebKit 2.50 reads «2026-12-27 10:00»
 * itself, the form first thought of.) The journey must fail in WebKit, on the uncaught exception, and pass in
 * Firefox.
 */
const PAGE = `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Дата</title>
<button type="button">Показать дату</button><output></output>
<script>
  document.querySelector('button').addEventListener('click', () => {
    document.querySelector('output').textContent = new Date('2026-12-27 10:00 +03:00').toISOString();
  });
</script></html>`;

let server: Server;
let origin = '';

test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((closed) => server.close(closed));
});

test('the runner: an engine-specific date break fails the journey in WebKit only @phone', async ({
  site,
  engine,
}) => {
  const offset = apiLogSize();
  await site.driver.goto(`${origin}/`);
  await site.see({ role: 'button', name: 'Показать дату' });
  await site.click({ role: 'button', name: 'Показать дату' });
  const shown = site.seeText({ role: 'status' }, /^2026-12-27T07:00:00\.000Z$/, 3_000);
  if (engine === 'webkit') {
    await expect(shown).rejects.toThrow(/Timed out/);
    expect(await breaksSeen(site.driver, offset)).toEqual([expect.stringMatching(/^uncaught: RangeError/)]);
  } else {
    await shown;
    expect(await breaksSeen(site.driver, offset)).toEqual([]);
  }
});
