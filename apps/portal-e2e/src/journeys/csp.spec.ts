import { expect, test } from '../support/test';
import { demoCompetitions } from '@fed/sandbox-fixtures';

/** The main pages a guest opens, each waited for until its own content is there. */
const publicPages: { path: string; ready: RegExp }[] = [
  { path: '/', ready: /Федерация контактных единоборств/ },
  { path: '/competitions', ready: /Мероприятия/ },
  { path: `/competitions/${demoCompetitions.clubOpen}`, ready: /Открытый турнир/ },
  { path: '/login', ready: /Вход/ },
  { path: '/register', ready: /Регистрация/ },
  { path: '/register-org', ready: /Регистрация/ },
  { path: '/no/such/page', ready: /Страница не найдена/ },
];

test('no page breaks the Content-Security-Policy the api sends', async ({ page }) => {
  const violations: string[] = [];
  // Recorded in the page from its first script on, before any of the portal's code runs.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  for (const { path, ready } of publicPages) {
    const answer = await page.goto(path);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    // A form's first check parses with zod: the moment a string-evaluating probe used to run.
    await page.waitForLoadState('networkidle');
    expect(violations, path).toEqual([]);
  }
});
