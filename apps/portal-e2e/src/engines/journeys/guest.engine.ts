import { federation } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { runYear } from '../../support/clock';
import { expect, test } from '../test';
import { expectFits, openMenu } from '../flows';

test('a guest: the home page, the menu, a legal document', async ({ site }) => {
  await site.goto('/');
  await site.see({ role: 'heading', level: 1, name: 'Федерация контактных единоборств' });
  await site.seeText({ role: 'contentinfo' }, new RegExp(`© ${runYear()} ${federation.name}`));
  if (site.wide) {
    await site.see({
      role: 'link',
      name: 'Мероприятия',
      within: { role: 'navigation', name: 'Основное меню' },
    });
  } else {
    await site.gone({ role: 'navigation', name: 'Основное меню' });
    await openMenu(site);
    const menu = { role: 'navigation', name: 'Меню' };
    for (const name of ['Главная', 'Мероприятия', 'Федерация', 'Спортсмены', 'Организации', 'Войти']) {
      await site.see({ role: 'link', name, within: menu });
    }
    // The menu holds the page still under it, and Escape closes it.
    expect(await site.driver.execute<string>('return document.body.style.overflow;')).toBe('hidden');
    await site.press('Escape');
    await site.gone(menu);
  }
  await expectFits(site);

  await site.goto(`/documents/${sandboxPublicConfig.offerDocumentIds.user}`);
  await site.seeText({ role: 'main' }, new RegExp(federation.legalName.replace(/[«»"]/g, '.')));
  await expectFits(site);
});

test('an unknown address shows the 404 view, which leads back home', async ({ site }) => {
  await site.goto('/no/such/page');
  await site.see({ role: 'heading', name: 'Страница не найдена' });
  await expectFits(site);
  await site.click({ role: 'link', name: 'На главную' });
  await site.seePath('/');
  await site.see({ role: 'heading', level: 1, name: 'Федерация контактных единоборств' });
});
