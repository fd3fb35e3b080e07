import { demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { resetAthlete } from '../../support/payments';
import { test } from '../test';
import { chooseAccount, expectFits, signIn } from '../flows';

test('a guest applies from an event: signs in, chooses the account, comes back, sends the form; it is in the cabinet', async ({
  site,
  request,
}) => {
  const cup = demoCompetitions.federationCup;
  const reset = () => resetAthlete(request, demoFamily.parentId, { events: [cup] });
  await reset();
  try {
    await site.goto(`/competitions/${cup}`);
    await site.click({ role: 'link', name: 'Подать заявку' });
    await site.seePath('/login');
    await signIn(site, request, demoFamily.phone);
    await chooseAccount(site, 'Соколов Андрей');
    // Back on the event the guest came from.
    await site.seePath(`/competitions/${cup}`);
    await site.click({ role: 'link', name: 'Подать заявку' });
    await site.seePath(`/apply/${cup}`);
    await site.click({ role: 'checkbox', name: /^(Кумитэ|Ката)/ });
    await site.click({ role: 'checkbox', name: /Я принимаю/ });
    await expectFits(site);
    await site.click({ role: 'button', name: 'Подать заявку' });
    // The toast, and the application in the cabinet.
    await site.see({ text: 'Заявка подана' });
    await site.seePath('/profile');
    await site.see({ role: 'article', hasText: /Кубок ФКЕ/ });
    await expectFits(site);
  } finally {
    await reset();
  }
});
