import { test } from '../test';
import { expectFits, openMenu } from '../flows';

test('Back to a page left before the app had taken it over: the page works', async ({ site }) => {
  // Left as soon as its document is there: the press on the link asks for the app, and the way out cancels
  // that load midway (WebKit keeps the page in its back/forward cache, without the app).
  await site.driver.goto(`${site.baseURL}/competitions`, { until: 'interactive' });
  await site.click({ role: 'link', name: /на главную/, within: { role: 'banner' } });
  await site.seePath('/');
  await site.ready();

  await site.driver.execute('history.back();');
  await site.seePath('/competitions');
  await site.ready();
  // A press reaches the app: the menu (phone) or the dates' calendar (desktop) opens.
  if (site.wide) {
    await site.click({ role: 'button', name: /^Даты/ });
    await site.see({ role: 'dialog', name: 'Выбор дат' });
  } else {
    await openMenu(site);
  }
  await expectFits(site);
});
