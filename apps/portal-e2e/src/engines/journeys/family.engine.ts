import { demoFamily } from '@fed/sandbox-fixtures';
import { expect, test } from '../test';
import { expectFits, signInAs } from '../flows';

test('a family: the account switcher, and the add-account dialog keeps focus inside and closes on Escape', async ({
  site,
  request,
}) => {
  await signInAs(site, request, demoFamily.phone, 'Соколов Андрей');
  const sideMenu = { role: 'complementary', name: 'Боковое меню' };

  // To the daughter's account and back to the parent's: each switch loads /profile afresh.
  for (const name of ['Алиса', 'Андрей']) {
    if (site.wide) {
      await site.click({ role: 'button', name: /Меню аккаунта/ });
      await site.reloadedBy(() => site.click({ role: 'menuitem', name: new RegExp(name) }));
    } else {
      await site.click({ role: 'button', name: 'Открыть меню' });
      await site.reloadedBy(() =>
        site.click({ role: 'button', name: new RegExp(`Выбрать: .*${name}`), within: sideMenu }),
      );
    }
    await site.seePath('/profile');
    await site.seeText(site.wide ? { role: 'banner' } : { role: 'main' }, new RegExp(name));
  }
  await expectFits(site);

  if (site.wide) {
    await site.click({ role: 'button', name: /Меню аккаунта/ });
    await site.click({ role: 'menuitem', name: 'Добавить нового спортсмена' });
  } else {
    await site.click({ role: 'button', name: 'Открыть меню' });
    await site.click({ role: 'button', name: 'Добавить нового спортсмена', within: sideMenu });
  }
  const dialog = { role: 'dialog', name: 'Добавление нового аккаунта' };
  await site.see(dialog);
  await site.until(
    'focus inside the dialog',
    'return window.__e2e.find(arguments[0])?.contains(document.activeElement) ?? false;',
    [{ role: 'dialog', name: 'Добавление нового аккаунта' }],
  );
  // Round the dialog and beyond, both ways: focus never leaves it.
  for (let press = 0; press < 25; press += 1) {
    await site.press('Tab');
    expect(await site.focusInside(dialog), `focus after Tab ${press + 1}`).toBe(true);
  }
  for (let press = 0; press < 5; press += 1) {
    await site.press('Shift', 'Tab');
    expect(await site.focusInside(dialog), `focus after Shift+Tab ${press + 1}`).toBe(true);
  }
  await expectFits(site);
  await site.press('Escape');
  await site.gone(dialog);
});
