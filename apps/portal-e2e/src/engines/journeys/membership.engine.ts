import { demoAthleteExpired, demoCompetitions } from '@fed/sandbox-fixtures';
import { PAYING_CARD, resetAthlete } from '../../support/payments';
import { test } from '../test';
import { expectFits, signInAs } from '../flows';

test('the expired athlete pays the entry fee and the membership in one order on the payment twin’s page', async ({
  site,
  request,
}) => {
  const reset = () =>
    resetAthlete(request, demoAthleteExpired.sportsmanId, {
      membershipEndedDaysAgo: demoAthleteExpired.membershipEndedDaysAgo,
      events: [demoCompetitions.clubOpen, demoCompetitions.federationCup],
    });
  await reset();
  try {
    await signInAs(site, request, demoAthleteExpired.phone);
    await site.goto(`/apply/${demoCompetitions.clubOpen}`);
    await site.seeText({ role: 'alert' }, /продлите членство/);
    await site.click({ role: 'checkbox', name: /^(Кумитэ|Ката)/ });
    await site.click({ role: 'checkbox', name: /Я принимаю/ });
    await site.seeText(
      { role: 'region', name: 'Подать заявку и оплатить членство вместе со взносом' },
      /Итого к оплате/,
    );
    await expectFits(site);
    await site.click({ role: 'button', name: 'Оплатить взнос и членство' });

    await site.seePath(/^\/order\/[^/]+$/);
    const order = await site.driver.execute<string>('return location.pathname;');
    await site.see({
      role: 'listitem',
      hasText: 'Стартовый взнос',
      within: { role: 'list', name: 'Состав заказа' },
    });
    await expectFits(site);
    await site.click({ role: 'button', name: /^Оплатить/ });

    // The twin's card page, a plain form of the sandbox.
    await site.seePath(/^\/sandbox\/yookassa\/checkout\//);
    await site.see({ role: 'heading', name: 'Оплата банковской картой' });
    await site.type({ role: 'textbox', name: 'Номер карты' }, PAYING_CARD);
    await site.type({ role: 'textbox', name: 'Срок действия' }, '12/40');
    await site.type({ role: 'textbox', name: 'CVC' }, '123');
    await site.click({ role: 'button', name: /^Оплатить/ });
    // It returns the payer to the order by itself.
    await site.seePath(order);
    await site.ready();
    await site.see({ text: 'Оплата прошла' });
    await expectFits(site);
  } finally {
    await reset();
  }
});
