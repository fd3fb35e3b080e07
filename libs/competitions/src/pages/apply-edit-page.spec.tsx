import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import type { ApplicationEligibility, RequestView } from '@fed/contracts';
import { eligibility, eventDetails, requestView } from '../testing/fixtures';
import { ApplyEditPage } from './apply-edit-page';

const server = setupPortalServer();

const heldEligibility = eligibility({
  reasons: [
    { code: 'already_applied', message: 'У спортсмена уже есть действующая заявка на это мероприятие' },
  ],
  existingRequestId: 'rq-1',
});

function serve(request: RequestView, answer: ApplicationEligibility = heldEligibility) {
  const askedEligibility: unknown[] = [];
  server.use(
    platformScript('getApplicationById', (input) =>
      (input as { id: string }).id === request.__id
        ? HttpResponse.json({ success: true, data: request })
        : apiError(404, 'Заявка не найдена'),
    ),
    platformScript('getEventById', () => HttpResponse.json({ success: true, data: eventDetails() })),
    platformScript('getApplicationEligibility', (input) => {
      askedEligibility.push(input);
      return HttpResponse.json({ success: true, data: answer });
    }),
  );
  return askedEligibility;
}

const renderEdit = (id = 'rq-1') =>
  renderPortal(<ApplyEditPage />, {
    route: '/apply/edit/:id',
    path: `/apply/edit/${id}`,
    session: signedInAs('sp-1'),
  });

const program = (name: RegExp) => screen.getByRole('checkbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Сохранить изменения' });

describe('ApplyEditPage', () => {
  it('fills the form from the application and saves the change', async () => {
    const askedEligibility = serve(requestView());
    let sent: unknown = null;
    server.use(
      platformScript('updateApplication', (input) => {
        sent = input;
        return HttpResponse.json({ success: true, data: requestView({ programs: ['pr-men', 'pr-kata'] }) });
      }),
    );
    const user = userEvent.setup();
    const { router, toastTexts } = renderEdit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Изменение заявки' })).toBeVisible();
    expect(document.title).toBe('Заявка: Кубок Казани по каратэ — ФКЕ');
    expect(program(/^Кумитэ, мужчины/)).toBeChecked();
    expect(program(/^Кумитэ, женщины/)).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Тренер' })).toHaveValue('Иванов И. И.');
    // The agreement was given with the application.
    expect(screen.queryByRole('checkbox', { name: /соглашение/ })).toBeNull();
    // Holding an application is no reason against changing it.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(askedEligibility).toEqual([{ sportsmanId: 'sp-1', competitionId: 'ev-1' }]);

    await user.click(program(/^Ката, юниоры/));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(toastTexts()).toContain('Заявка изменена');
    expect(sent).toEqual({ requestId: 'rq-1', programIds: ['pr-men', 'pr-kata'], coach: 'Иванов И. И.' });
  });

  it('says why a change is refused now, with the way to fix it', async () => {
    serve(
      requestView(),
      eligibility({
        eligible: false,
        reasons: [
          ...heldEligibility.reasons,
          {
            code: 'membership_expired',
            message:
              'Членство в федерации действует до 01.12.2099 — это раньше начала мероприятия: продлите членство',
          },
        ],
        existingRequestId: 'rq-1',
      }),
    );
    renderEdit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Изменить заявку сейчас нельзя');
    expect(within(alert).getByRole('link', { name: 'Оформить членство' })).toHaveAttribute(
      'href',
      '/apply-membership/sp-1',
    );
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).toBeNull();
  });

  it('needs at least one program to save', async () => {
    serve(requestView());
    const user = userEvent.setup();
    renderEdit();
    await screen.findByRole('heading', { name: 'Изменение заявки' });
    await user.click(program(/^Кумитэ, мужчины/));
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(screen.getByText('Чтобы продолжить, выберите программу.')).toBeVisible();
  });

  it('lets the athlete drop a held program that is no longer open to them', async () => {
    serve(
      requestView(),
      eligibility({
        existingRequestId: 'rq-1',
        programs: [
          {
            programId: 'pr-men',
            eligible: false,
            reasons: [{ code: 'age_class_mismatch', message: 'Возрастной класс спортсмена не подходит' }],
          },
        ],
      }),
    );
    const user = userEvent.setup();
    renderEdit();
    await screen.findByRole('heading', { name: 'Изменение заявки' });
    expect(program(/^Кумитэ, мужчины/)).toBeEnabled();
    await user.click(program(/^Кумитэ, мужчины/));
    expect(program(/^Кумитэ, мужчины/)).not.toBeChecked();
    expect(program(/^Кумитэ, мужчины/)).toBeDisabled();
  });

  it('shows why a returned application came back and that saving sends it to review again', async () => {
    serve(requestView({ requestState: 'returned', reason: 'Уточните весовую категорию' }));
    renderEdit();
    expect(await screen.findByText('Заявка возвращена на доработку')).toBeVisible();
    expect(screen.getByText('Причина: Уточните весовую категорию')).toBeVisible();
    expect(screen.getByText(/снова уйдёт организатору на рассмотрение/)).toBeVisible();
    expect(saveButton()).toBeInTheDocument();
  });

  it('shows an application under review as it stands, read-only, with the reason', async () => {
    const askedEligibility = serve(requestView({ requestState: 'under_review' }));
    renderEdit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Заявка на участие' })).toBeVisible();
    expect(screen.getByText('Заявку изменить нельзя')).toBeVisible();
    expect(screen.getByText(/на рассмотрении у организатора/)).toBeVisible();
    expect(screen.getByText('Кумитэ, мужчины, взрослые 18+, −75 кг')).toBeVisible();
    expect(screen.getByText('На рассмотрении')).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).toBeNull();
    expect(askedEligibility).toEqual([]);
  });

  it('is read-only once registration has closed', async () => {
    serve(requestView({ registrationDeadline: '2020-12-05T20:59:00Z' }));
    renderEdit();
    expect(
      await screen.findByText(
        'Приём заявок закрыт 5 декабря 2020, 23:59 (мск), изменить заявку больше нельзя.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('keeps the choices and shows the reason when the change is refused', async () => {
    serve(requestView());
    server.use(
      platformScript('updateApplication', () =>
        apiError(400, 'Членство в федерации не оформлено: оформите его, чтобы подать заявку'),
      ),
    );
    const user = userEvent.setup();
    const { router, toastTexts } = renderEdit();
    await screen.findByRole('heading', { name: 'Изменение заявки' });

    await user.click(program(/^Ката, юниоры/));
    const coach = screen.getByRole('textbox', { name: 'Тренер' });
    await user.clear(coach);
    await user.type(coach, 'Петров П. П.');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    await waitFor(() =>
      expect(toastTexts()).toContain('Членство в федерации не оформлено: оформите его, чтобы подать заявку'),
    );
    expect(router.state.location.pathname).toBe('/apply/edit/rq-1');
    expect(program(/^Кумитэ, мужчины/)).toBeChecked();
    expect(program(/^Ката, юниоры/)).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Тренер' })).toHaveValue('Петров П. П.');
  });

  it('answers an unknown application with a way back to the cabinet', async () => {
    serve(requestView());
    renderEdit('rq-404');
    expect(await screen.findByRole('heading', { name: 'Заявка не найдена' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'В личный кабинет' })).toHaveAttribute('href', '/profile');
  });
});
