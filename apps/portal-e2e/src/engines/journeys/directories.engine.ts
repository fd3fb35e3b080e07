import { test } from '../test';
import { expectFits, openMenu } from '../flows';

test('the directories: athletes from the menu, a public profile', async ({ site }) => {
  await site.goto('/');
  if (site.wide) {
    await site.click({
      role: 'link',
      name: 'Спортсмены',
      within: { role: 'navigation', name: 'Основное меню' },
    });
  } else {
    await openMenu(site);
    await site.click({ role: 'link', name: 'Спортсмены', within: { role: 'navigation', name: 'Меню' } });
  }
  await site.seePath('/sportsmen');
  await site.see({ role: 'heading', level: 1, name: 'Спортсмены' });
  await site.see({ text: /^Найдено \d+ спортсмен/ });
  await expectFits(site);
  const first = { role: 'link', within: { role: 'article', within: { role: 'main' } } };
  const name = await site.text(first);
  await site.click(first);
  await site.seePath(/^\/profile\/[^/]+$/);
  await site.see({ role: 'heading', level: 1, name });
  await expectFits(site);

  await site.goto('/organizations');
  await site.see({ role: 'heading', level: 1, name: 'Организации' });
  await site.see({ role: 'article', within: { role: 'main' } });
  await expectFits(site);
});
