import { demoCompetitions } from '@fed/sandbox-fixtures';
import { expect, test } from '../test';
import { expectFits } from '../flows';

test('events: the search and the date-range calendar narrow the list, in the address', async ({ site }) => {
  await site.goto('/competitions');
  await site.see({ role: 'article' });
  await site.type({ role: 'searchbox', name: /Поиск мероприятий/ }, 'Кубок');
  await site.press('Enter');
  await site.seePath(/[?&]q=%D0%9A%D1%83%D0%B1%D0%BE%D0%BA/);
  await site.see({ role: 'article', hasText: /Кубок/ });

  // On a phone the dates fold away under «Фильтры».
  if (!site.wide) await site.click({ role: 'button', name: /^Фильтры/ });
  await site.click({ role: 'button', name: /^Даты/ });
  const calendar = { role: 'dialog', name: 'Выбор дат' };
  await site.see(calendar);
  await expectFits(site);
  const day = (nth: number) => ({ css: '[role=gridcell] button:not([disabled])', within: calendar, nth });
  await site.click(day(3));
  await site.click(day(9));
  // Both ends chosen: the calendar closes, the range is in the address and named on the trigger («3–9 декабря 2026»).
  await site.gone(calendar);
  await site.seePath(/[?&]from=\d{4}-\d{2}-\d{2}.*[&]to=\d{4}-\d{2}-\d{2}|[?&]to=.*[&]from=/);
  await site.seeText({ role: 'button', name: /^Даты/ }, /\d{1,2}\D+\d{1,2} [а-я]+ \d{4}/);
  await expectFits(site);
});

test('an event page: the venue with a map link, the poster, a fee that never breaks inside its number', async ({
  site,
}) => {
  await site.goto(`/competitions/${demoCompetitions.clubOpen}`);
  await site.see({ role: 'heading', level: 1, name: /Открытый турнир СК «Сэнсэй»/ });
  const facts = { role: 'complementary', name: 'Участие' };
  await site.see({ role: 'link', name: 'Показать на карте', within: facts });
  await site.until(
    'the poster to load',
    `const img = window.__e2e.find(arguments[0]); return !!img && img.complete && img.naturalWidth > 0;`,
    [{ role: 'img', name: { source: '^Афиша:', flags: '' } }],
  );
  // Every sum on the page keeps its digits and its sign together: no plain space inside it.
  const sums = await site.driver.execute<string[]>(
    `return (document.querySelector('main').textContent.match(/\\d[\\s\\u00a0\\u202f]*\\d{3}[\\s\\u00a0\\u202f]*₽/g) ?? []);`,
  );
  expect(sums.length).toBeGreaterThan(0);
  for (const sum of sums) expect(sum, 'a sum with a breakable space').not.toMatch(/ /);
  await expectFits(site);
});
