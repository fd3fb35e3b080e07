import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { afterPaymentLink } from '@fed/api-client';
import {
  apiError,
  orderFixture,
  orderLineFixture,
  ordersApiHandlers,
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import { type ApplicationEligibility, type MembershipStatus } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { eligibility, eventDetails, requestView } from '../testing/fixtures';
import { ApplyPage, membershipOffer } from './apply-page';

const server = setupPortalServer();

/** Serves the event and this eligibility; records what eligibility was asked for. */
function serve(answer: ApplicationEligibility = eligibility()) {
  const asked: unknown[] = [];
  server.use(
    platformScript('getEventById', () => HttpResponse.json({ success: true, data: eventDetails() })),
    platformScript('getApplicationEligibility', (input) => {
      asked.push(input);
      return HttpResponse.json({ success: true, data: answer });
    }),
  );
  return asked;
}

const renderApply = (session = signedInAs('sp-1')) =>
  renderPortal(<ApplyPage />, { route: '/apply/:id', path: '/apply/ev-1', session });

const program = (name: RegExp) => screen.getByRole('checkbox', { name });
const submitButton = () => screen.getByRole('button', { name: 'Подать заявку' });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(program(/^Кумитэ, мужчины/));
  await user.click(program(/^Ката, юниоры/));
  await user.type(screen.getByRole('textbox', { name: 'Тренер' }), 'Иванов И. И.');
  await user.click(screen.getByRole('checkbox', { name: 'Я принимаю соглашение спортсмена' }));
}

describe('ApplyPage', () => {
  it('shows the athlete’s reasons before anything else, with no form and no submit', async () => {
    const asked = serve(
      eligibility({
        eligible: false,
        reasons: [
          {
            code: 'membership_expired',
            message: 'Членство в федерации не оформлено: оформите его, чтобы подать заявку',
          },
          {
            code: 'minor_without_representative',
            message:
              'Спортсмену не исполнится 18 лет к началу мероприятия: добавьте законного представителя в профиле',
          },
        ],
      }),
    );
    renderApply();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Подать заявку на это мероприятие нельзя');
    expect(document.title).toBe('Заявка: Кубок Казани по каратэ — ФКЕ');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Членство в федерации не оформлено: оформите его, чтобы подать заявку Оформить членство',
      'Спортсмену не исполнится 18 лет к началу мероприятия: добавьте законного представителя в профиле Добавить законного представителя',
    ]);
    // Each refusal that names a fix leads to where it is made.
    expect(within(alert).getByRole('link', { name: 'Оформить членство' })).toHaveAttribute(
      'href',
      '/apply-membership/sp-1?event=ev-1',
    );
    expect(within(alert).getByRole('link', { name: 'Добавить законного представителя' })).toHaveAttribute(
      'href',
      '/profile#legal-representative',
    );
    expect(within(alert).getByRole('link', { name: 'Вернуться к мероприятию' })).toHaveAttribute(
      'href',
      '/competitions/ev-1',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Подать заявку' })).toBeNull();
    expect(asked).toEqual([{ sportsmanId: 'sp-1', competitionId: 'ev-1' }]);
  });

  describe('an athlete whose membership alone is missing', () => {
    const expired = () =>
      eligibility({
        eligible: false,
        reasons: [
          {
            code: 'membership_expired',
            message:
              'Членство в федерации действует до 06.11.2026 — это раньше начала мероприятия: продлите членство',
          },
        ],
      });
    const status = (overrides: Partial<MembershipStatus> = {}): MembershipStatus => ({
      sportsmanId: 'sp-1',
      termUntil: '2026-11-06T17:59:00.000Z',
      active: false,
      membershipNumber: null,
      rule: 'calendar_year',
      ruleText: 'Членство оформляется на сезон — календарный год — и действует до 31 декабря этого года',
      fee: { cents: 150_000, currency: 'RUB' },
      season: 2099,
      seasonNote: null,
      offeredTermUntil: '2099-12-31T20:59:59.000Z',
      requirements: [],
      canApply: true,
      reasons: [],
      openRequestId: null,
      ...overrides,
    });

    it('is refused with the link to membership, and offered the entry fee and the membership in one order', async () => {
      serve(expired());
      const orders = ordersApiHandlers({
        create: (body) =>
          orderFixture({
            id: 'order-7',
            lines: [
              orderLineFixture({ requestId: body.requestIds[0] ?? '' }),
              orderLineFixture({ id: 'line-2', kind: 'membership', requestId: 'mreq-1', amount: 150_000 }),
            ],
          }),
      });
      const membershipRequest = platformScript('createMembershipRequest', () =>
        HttpResponse.json({
          success: true,
          data: requestView({ __id: 'mreq-1', nomenclature_type: 'membership', requestState: 'approved' }),
        }),
      );
      const application = platformScript('createApplication', () =>
        HttpResponse.json({
          success: true,
          data: requestView({ __id: 'rq-1', programs: ['pr-men', 'pr-kata'] }),
        }),
      );
      server.use(
        platformScript('getMembershipStatus', () => HttpResponse.json({ success: true, data: status() })),
        membershipRequest,
        application,
        ...orders.handlers,
      );
      const user = userEvent.setup();
      const { router } = renderApply();

      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent('Без членства в федерации подать заявку нельзя'));
      expect(within(alert).getByRole('link', { name: 'Оформить членство' })).toHaveAttribute(
        'href',
        '/apply-membership/sp-1?event=ev-1',
      );
      expect(
        await screen.findByRole('heading', { name: 'Подать заявку и оплатить членство вместе со взносом' }),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Подать заявку' })).toBeNull();
      await fillIn(user);
      expect(screen.getByText(/Членский взнос, сезон 2099/)).toHaveTextContent('1 500 ₽');
      expect(screen.getByText(/Итого к оплате/)).toHaveTextContent('5 000 ₽');
      const pay = screen.getByRole('button', { name: 'Оплатить взнос и членство' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);

      await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-7'));
      expect(membershipRequest.calls).toEqual([{ sportsmanId: 'sp-1' }]);
      expect(application.calls).toEqual([
        {
          sportsmanId: 'sp-1',
          competitionId: 'ev-1',
          programIds: ['pr-men', 'pr-kata'],
          coach: 'Иванов И. И.',
          acceptOffer: true,
          membershipRequestId: 'mreq-1',
        },
      ]);
      // The application brings its membership into the order: one order, one payment.
      expect(orders.fake.created).toEqual([{ requestIds: ['rq-1'] }]);
      expect(afterPaymentLink('order-7')).toEqual({
        to: '/competitions/ev-1',
        text: 'Вернуться к мероприятию',
      });
    });

    it('pays the open membership request rather than making a second one', async () => {
      serve(expired());
      const orders = ordersApiHandlers();
      const application = platformScript('createApplication', () =>
        HttpResponse.json({ success: true, data: requestView({ __id: 'rq-1' }) }),
      );
      const membershipRequest = platformScript('createMembershipRequest', () => apiError(500, 'не должно'));
      server.use(
        platformScript('getMembershipStatus', () =>
          HttpResponse.json({ success: true, data: status({ openRequestId: 'mreq-open' }) }),
        ),
        membershipRequest,
        application,
        ...orders.handlers,
      );
      const user = userEvent.setup();
      const { router } = renderApply();
      await screen.findByRole('heading', { name: 'Подать заявку и оплатить членство вместе со взносом' });
      await fillIn(user);
      const pay = screen.getByRole('button', { name: 'Оплатить взнос и членство' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-1'));
      expect(membershipRequest.calls).toEqual([]);
      expect(application.calls[0]).toMatchObject({ membershipRequestId: 'mreq-open' });
    });

    it('is offered nothing when the membership it could buy ends before the event, or cannot be taken', async () => {
      serve(expired());
      server.use(
        platformScript('getMembershipStatus', () =>
          HttpResponse.json({
            success: true,
            data: status({ canApply: false, reasons: ['Добавьте фото в профиль'] }),
          }),
        ),
      );
      renderApply();
      await screen.findByRole('alert');
      await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
      expect(screen.queryByRole('button', { name: 'Оплатить взнос и членство' })).toBeNull();
      expect(
        membershipOffer(
          expired(),
          { date_start: '2099-12-12T07:00:00Z' },
          status({ offeredTermUntil: '2099-01-01T00:00:00Z' }),
        ),
      ).toBeNull();
      expect(membershipOffer(expired(), { date_start: '2099-12-12T07:00:00Z' }, status())).not.toBeNull();
    });
  });

  it('sends an athlete who has applied already to the application', async () => {
    serve(
      eligibility({
        reasons: [
          { code: 'already_applied', message: 'У спортсмена уже есть действующая заявка на это мероприятие' },
        ],
        existingRequestId: 'rq-9',
      }),
    );
    renderApply();

    expect(await screen.findByText('Вы уже подали заявку на это мероприятие')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Открыть заявку' })).toHaveAttribute('href', '/apply/edit/rq-9');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('names the event and athlete, disables closed programs with the reason beside them, and waits for a valid form', async () => {
    serve();
    const user = userEvent.setup();
    renderApply();

    expect(await screen.findByRole('heading', { level: 1, name: 'Заявка на участие' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Кубок Казани по каратэ' })).toHaveAttribute(
      'href',
      '/competitions/ev-1',
    );
    expect(screen.getByText('Соколов Андрей')).toBeVisible();

    const women = program(/^Кумитэ, женщины/);
    expect(women).toBeDisabled();
    expect(women).toHaveAccessibleDescription('Программа проводится для спортсменов другого пола');
    expect(program(/^Кумитэ, мужчины/)).toBeEnabled();

    const offer = screen.getByRole('link', { name: 'соглашение спортсмена' });
    expect(offer).toHaveAttribute('href', `/documents/${sandboxPublicConfig.offerDocumentIds.sportsman}`);
    expect(offer).toHaveAttribute('target', '_blank');

    expect(submitButton()).toBeDisabled();
    expect(
      screen.getByText('Чтобы продолжить, выберите программу и примите соглашение спортсмена.'),
    ).toBeVisible();
    await user.click(program(/^Кумитэ, мужчины/));
    await waitFor(() => expect(submitButton()).toBeDisabled());
    await user.click(screen.getByRole('checkbox', { name: 'Я принимаю соглашение спортсмена' }));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(program(/^Кумитэ, мужчины/));
    await waitFor(() => expect(submitButton()).toBeDisabled());
  });

  it('applies, toasts and goes to the personal cabinet', async () => {
    serve();
    let sent: unknown = null;
    server.use(
      platformScript('createApplication', (input) => {
        sent = input;
        return HttpResponse.json({ success: true, data: requestView({ programs: ['pr-men', 'pr-kata'] }) });
      }),
    );
    const user = userEvent.setup();
    const { router, toastTexts } = renderApply();
    await screen.findByRole('heading', { name: 'Заявка на участие' });

    await fillIn(user);
    expect(screen.getByText('3 500 ₽')).toBeVisible();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(toastTexts()).toContain('Заявка подана');
    expect(sent).toEqual({
      sportsmanId: 'sp-1',
      competitionId: 'ev-1',
      programIds: ['pr-men', 'pr-kata'],
      coach: 'Иванов И. И.',
      acceptOffer: true,
    });
  });

  it('keeps every choice and shows the platform’s reason when the application is refused', async () => {
    serve();
    server.use(platformScript('createApplication', () => apiError(400, 'Свободных мест на мероприятии нет')));
    const user = userEvent.setup();
    const { router, toastTexts } = renderApply();
    await screen.findByRole('heading', { name: 'Заявка на участие' });

    await fillIn(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(toastTexts()).toContain('Свободных мест на мероприятии нет'));
    expect(router.state.location.pathname).toBe('/apply/ev-1');
    expect(program(/^Кумитэ, мужчины/)).toBeChecked();
    expect(program(/^Ката, юниоры/)).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Тренер' })).toHaveValue('Иванов И. И.');
    expect(screen.getByRole('checkbox', { name: 'Я принимаю соглашение спортсмена' })).toBeChecked();
    expect(submitButton()).toBeEnabled();
  });

  it('falls back to the generic Russian error when the failure says nothing readable', async () => {
    serve();
    server.use(
      platformScript('createApplication', () => apiError(502, 'Platform: error 500', 'upstream_failed')),
    );
    const user = userEvent.setup();
    const { toastTexts } = renderApply();
    await screen.findByRole('heading', { name: 'Заявка на участие' });

    await fillIn(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(toastTexts()).toContain('Произошла неожиданная ошибка'));
    expect(program(/^Кумитэ, мужчины/)).toBeChecked();
  });

  it('says when no program is open to the athlete', async () => {
    serve(
      eligibility({
        eligible: false,
        programs: eligibility().programs.map((entry) => ({
          ...entry,
          eligible: false,
          reasons: [{ code: 'age_class_mismatch', message: 'Возрастной класс спортсмена не подходит' }],
        })),
      }),
    );
    renderApply();
    expect(await screen.findByText('Нет программ, в которых вы можете выступить')).toBeVisible();
    for (const checkbox of screen.getAllByRole('checkbox', { name: /^Кумитэ|^Ката/ }))
      expect(checkbox).toBeDisabled();
  });

  it('tells an organization that only athletes apply, without checking eligibility', async () => {
    const asked = serve();
    renderApply(signedInAs('org-1', 'organization'));
    expect(await screen.findByText('Заявки на участие подают только спортсмены')).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('answers an unknown event with a way back to the list', async () => {
    server.use(
      platformScript('getEventById', () => apiError(404, 'Мероприятие не найдено')),
      platformScript('getApplicationEligibility', () => apiError(404, 'Мероприятие не найдено')),
    );
    renderApply();
    expect(await screen.findByRole('heading', { name: 'Мероприятие не найдено' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ко всем мероприятиям' })).toHaveAttribute(
      'href',
      '/competitions',
    );
  });
});
