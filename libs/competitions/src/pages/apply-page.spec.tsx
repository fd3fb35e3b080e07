import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { afterPaymentLink } from '@fed/api-client';
import {
  apiError,
  membershipStatusFixture,
  orderFixture,
  orderLineFixture,
  ordersApiHandlers,
  platformScript,
  renderPortal,
  seasonTermUntil,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import { fixedClock, type Clock } from '@fed/calendar';
import { type ApplicationEligibility, type MembershipStatus } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { eligibility, eventDetails, requestView } from '../testing/fixtures';
import { eventsApi } from '../api/events-api';
import { ApplyPage, membershipOffer } from './apply-page';

const server = setupPortalServer();

/** Serves the event and this eligibility; records what eligibility was asked for. */
function serve(answer: ApplicationEligibility = eligibility(), event = eventDetails()) {
  const asked: unknown[] = [];
  server.use(
    platformScript('getEventById', () => HttpResponse.json({ success: true, data: event })),
    platformScript('getApplicationEligibility', (input) => {
      asked.push(input);
      return HttpResponse.json({ success: true, data: answer });
    }),
  );
  return asked;
}

const renderApply = (session = signedInAs('sp-1'), clock?: Clock) =>
  renderPortal(<ApplyPage />, { route: '/apply/:id', path: '/apply/ev-1', session, clock });

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
    // Asked with the event, the platform answers for the season it falls in and says whether the term covers it.
    const status = (overrides: Partial<MembershipStatus> = {}): MembershipStatus =>
      membershipStatusFixture({
        termUntil: '2026-11-06T17:59:00.000Z',
        season: 2099,
        event: { competitionId: 'ev-1', dateStart: '2099-12-12T07:00:00Z', covered: true },
        ...overrides,
      });

    /** The platform's membership scripts: the status (its asks recorded), and a request made as `made`. */
    function serveMembership(answer: MembershipStatus, made = 'mreq-1') {
      const statusAsked: unknown[] = [];
      const membershipRequest = platformScript('createMembershipRequest', () =>
        HttpResponse.json({
          success: true,
          data: requestView({ __id: made, nomenclature_type: 'membership', requestState: 'approved' }),
        }),
      );
      const application = platformScript('createApplication', () =>
        HttpResponse.json({
          success: true,
          data: requestView({ __id: 'rq-1', programs: ['pr-men', 'pr-kata'] }),
        }),
      );
      server.use(
        platformScript('getMembershipStatus', (input) => {
          statusAsked.push(input);
          return HttpResponse.json({ success: true, data: answer });
        }),
        membershipRequest,
        application,
      );
      return { statusAsked, membershipRequest, application };
    }

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
      const { statusAsked, membershipRequest, application } = serveMembership(status());
      server.use(...orders.handlers);
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
      expect(statusAsked).toEqual([{ sportsmanId: 'sp-1', competitionId: 'ev-1' }]);
      expect(screen.queryByRole('button', { name: 'Подать заявку' })).toBeNull();
      await fillIn(user);
      expect(screen.getByText(/Членский взнос, сезон 2099/)).toHaveTextContent('1 500 ₽');
      expect(screen.getByText(/Итого к оплате/)).toHaveTextContent('5 000 ₽');
      const pay = screen.getByRole('button', { name: 'Оплатить взнос и членство' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);

      await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-7'));
      expect(membershipRequest.calls).toEqual([{ sportsmanId: 'sp-1', competitionId: 'ev-1', season: 2099 }]);
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

    it('in late December offers the next season for an event in January, and says until when it lasts', async () => {
      // 20 December 2026: the current season ends before the event, the next one covers it.
      serve(
        expired(),
        eventDetails({ date_start: '2027-01-10T07:00:00Z', date_end: '2027-01-10T15:00:00Z' }),
      );
      server.use(...ordersApiHandlers().handlers);
      const { membershipRequest } = serveMembership(
        status({
          season: 2027,
          seasonChoices: [
            { season: 2027, termUntil: seasonTermUntil(2027) },
            { season: 2026, termUntil: seasonTermUntil(2026) },
          ],
          event: { competitionId: 'ev-1', dateStart: '2027-01-10T07:00:00Z', covered: true },
        }),
      );
      const user = userEvent.setup();
      renderApply(signedInAs('sp-1'), fixedClock('2026-12-20T09:00:00Z'));

      const offer = await screen.findByRole('region', {
        name: 'Подать заявку и оплатить членство вместе со взносом',
      });
      expect(offer).toHaveTextContent(
        'Членство на сезон 2027 будет действовать до 31 декабря 2027 — это после начала мероприятия.',
      );
      expect(within(offer).getByText(/Членский взнос, сезон 2027/)).toBeVisible();
      await fillIn(user);
      const pay = screen.getByRole('button', { name: 'Оплатить взнос и членство' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      await waitFor(() =>
        expect(membershipRequest.calls).toEqual([
          { sportsmanId: 'sp-1', competitionId: 'ev-1', season: 2027 },
        ]),
      );
    });

    it('asks for the season shown even with a request open: the platform answers the open one, moved to it', async () => {
      serve(expired());
      server.use(...ordersApiHandlers().handlers);
      const { membershipRequest, application } = serveMembership(
        status({ openRequestId: 'mreq-open' }),
        'mreq-open',
      );
      const user = userEvent.setup();
      const { router } = renderApply();
      await screen.findByRole('heading', { name: 'Подать заявку и оплатить членство вместе со взносом' });
      await fillIn(user);
      const pay = screen.getByRole('button', { name: 'Оплатить взнос и членство' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-1'));
      expect(membershipRequest.calls).toEqual([{ sportsmanId: 'sp-1', competitionId: 'ev-1', season: 2099 }]);
      expect(application.calls[0]).toMatchObject({ membershipRequestId: 'mreq-open' });
    });

    it('pays the open membership request when no new one may be made', async () => {
      serve(expired());
      server.use(...ordersApiHandlers().handlers);
      const { membershipRequest, application } = serveMembership(
        status({ openRequestId: 'mreq-open', canApply: false, reasons: ['Добавьте фото в профиль'] }),
      );
      server.use(platformScript('createMembershipRequest', () => apiError(500, 'не должно')));
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
      serveMembership(status({ canApply: false, reasons: ['Добавьте фото в профиль'] }));
      renderApply();
      await screen.findByRole('alert');
      await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
      expect(screen.queryByRole('button', { name: 'Оплатить взнос и членство' })).toBeNull();
    });

    it('is offered nothing when the platform says the term would end before the event', async () => {
      serve(expired());
      serveMembership(
        status({ event: { competitionId: 'ev-1', dateStart: '2099-12-12T07:00:00Z', covered: false } }),
      );
      renderApply();
      await screen.findByRole('alert');
      await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
      expect(screen.queryByRole('heading', { name: /оплатить членство/ })).toBeNull();
    });

    it('offers the season whose term reaches the event’s start', () => {
      const event = { __id: 'ev-1', date_start: '2027-01-10T07:00:00Z' };
      const seasons = {
        season: 2026,
        offeredTermUntil: seasonTermUntil(2026),
        seasonChoices: [
          { season: 2026, termUntil: seasonTermUntil(2026) },
          { season: 2027, termUntil: seasonTermUntil(2027) },
        ],
      };
      // Asked without the event: judged by the seasons on offer.
      expect(membershipOffer(expired(), event, status({ ...seasons, event: null }))).toMatchObject({
        season: 2027,
        termUntil: seasonTermUntil(2027),
      });
      // Asked about the event: the platform's word.
      const covered = { competitionId: 'ev-1', dateStart: event.date_start, covered: true };
      expect(
        membershipOffer(
          expired(),
          event,
          status({ ...seasons, season: 2027, offeredTermUntil: seasonTermUntil(2027), event: covered }),
        ),
      ).toMatchObject({ season: 2027, termUntil: seasonTermUntil(2027) });
      expect(
        membershipOffer(expired(), event, status({ ...seasons, event: { ...covered, covered: false } })),
      ).toBeNull();
      expect(
        membershipOffer(
          expired(),
          event,
          status({ event: null, season: 2026, offeredTermUntil: seasonTermUntil(2026), seasonChoices: [] }),
        ),
      ).toBeNull();
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

  it('stays as it was sent, busy, until the cabinet takes its place', async () => {
    let applied = false;
    let asked = 0;
    server.use(
      platformScript('getEventById', () => HttpResponse.json({ success: true, data: eventDetails() })),
      // Once applied, the refetched eligibility names the new application.
      platformScript('getApplicationEligibility', () => {
        asked += 1;
        const answer = eligibility(applied ? { existingRequestId: 'rq-1' } : {});
        return HttpResponse.json({ success: true, data: answer });
      }),
      platformScript('createApplication', () => {
        applied = true;
        return HttpResponse.json({ success: true, data: requestView({ programs: ['pr-men', 'pr-kata'] }) });
      }),
    );
    // The cabinet's page is its own chunk: it loads after the application is sent.
    let cabinetLoaded = () => undefined as void;
    const cabinet = new Promise<void>((done) => (cabinetLoaded = done));
    const user = userEvent.setup();
    const { router, store } = renderPortal(<ApplyPage />, {
      route: '/apply/:id',
      path: '/apply/ev-1',
      session: signedInAs('sp-1'),
      routes: [
        {
          path: '/profile',
          lazy: async () => {
            await cabinet;
            return { Component: () => <h1>Личный кабинет</h1> };
          },
        },
      ],
    });
    await screen.findByRole('heading', { name: 'Заявка на участие' });

    await fillIn(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    // The eligibility is asked again and answered (and drawn, if the page drew it) while the cabinet loads.
    await waitFor(() => expect(asked).toBe(2));
    await act(() => Promise.all(store.dispatch(eventsApi.util.getRunningQueriesThunk())));
    expect(screen.queryByText('Вы уже подали заявку на это мероприятие')).toBeNull();
    expect(program(/^Кумитэ, мужчины/)).toBeChecked();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    expect(router.state.location.pathname).toBe('/apply/ev-1');

    cabinetLoaded();
    expect(await screen.findByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
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
