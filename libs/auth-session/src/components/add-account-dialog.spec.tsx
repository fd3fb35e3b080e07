import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AddAccountDialog } from './add-account-dialog';
import { fakeAccessToken, platformRecords, renderPortal, setupPortalServer } from '../testing';

const exp = Math.floor(Date.now() / 1000) + 900;
const parent = fakeAccessToken({ Sportsman: 'p-1', ContractorType: 'sportsman', exp });
const family = fakeAccessToken({ Sportsman: ['p-1', 'new-9'], ContractorType: 'sportsman', exp });
const kazan = {
  value: 'г Казань',
  unrestricted_value: 'Респ Татарстан, г Казань',
  data: { city: 'Казань', settlement: null },
};
const tatarstan = {
  value: 'Респ Татарстан',
  unrestricted_value: 'Респ Татарстан',
  data: { city: null, settlement: null },
};

const server = setupPortalServer(
  platformRecords('sportsman'),
  http.post('*/api/dadata/address', () => HttpResponse.json({ suggestions: [kazan, tatarstan] })),
);

function renderDialog(onAdded = vi.fn()) {
  const view = renderPortal(<AddAccountDialog open onOpenChange={vi.fn()} onAdded={onAdded} />, {
    session: { tokens: { token: parent, refreshToken: 'r-1' } },
  });
  return { ...view, onAdded };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function chooseCity(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.type(screen.getByRole('combobox', { name: /Город/ }), 'каз');
  await user.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/Фамилия/), '  Соколова ');
  await user.type(field(/^Имя/), 'Ева');
  await user.type(field(/Отчество/), 'Андреевна');
  await chooseCity(user, 'г Казань');
  await user.click(screen.getByRole('radio', { name: 'Женский' }));
  await user.type(field(/Дата рождения/), '14032016');
}

describe('AddAccountDialog', () => {
  it('shows the spec’s title, notice and buttons, and keeps "Добавить" disabled while invalid', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Добавление нового аккаунта' })).toBeVisible();
    expect(screen.getByText(/привязан к вашему номеру телефона/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeDisabled();
  });

  it('takes names the spec’s add-account rules allow: no letters-only pattern, only the length', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(field(/Фамилия/), "Д'Артаньян-2");
    await user.type(field(/^Имя/), 'Ив4н');
    await user.type(field(/Отчество/), 'Я');
    await user.tab();
    // The middle name's check, the last one asked for, has run: the names checked before it passed.
    await waitFor(() => expect(field(/Отчество/)).toHaveAccessibleDescription('Минимум 2 символов'));
    expect(field(/Фамилия/)).not.toHaveAccessibleDescription();
    expect(field(/^Имя/)).not.toHaveAccessibleDescription();
  });

  it('says nothing while a name is typed, and tells its rule when the field is left', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(field(/Фамилия/), 'А');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field(/Фамилия/)).not.toHaveAccessibleDescription();
    await user.tab();
    await waitFor(() => expect(field(/Фамилия/)).toHaveAccessibleDescription('Минимум 2 символов'));
    // The fix typed in is judged when the field is left again.
    await user.type(field(/Фамилия/), 'н');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field(/Фамилия/)).toHaveAccessibleDescription('Минимум 2 символов');
    await user.tab();
    await waitFor(() => expect(field(/Фамилия/)).not.toHaveAccessibleDescription());
  });

  it('tells the rules of the names of spec §5 under their fields', async () => {
    const user = userEvent.setup();
    renderDialog();

    await user.type(field(/Фамилия/), ' А ');
    await user.tab();
    await waitFor(() => expect(field(/Фамилия/)).toHaveAccessibleDescription('Минимум 2 символов'));
    await user.clear(field(/Фамилия/));
    await user.type(field(/Фамилия/), '   ');
    await user.tab();
    await waitFor(() => expect(field(/Фамилия/)).toHaveAccessibleDescription('Поле обязательно'));

    await user.type(field(/^Имя/), 'Е');
    await user.tab();
    await waitFor(() => expect(field(/^Имя/)).toHaveAccessibleDescription('Минимум 2 символов'));

    await user.click(field(/Отчество/));
    await user.tab();
    await waitFor(() => expect(field(/Отчество/)).toHaveAccessibleDescription('Поле обязательно'));
    await user.type(field(/Отчество/), 'С');
    await user.tab();
    await waitFor(() => expect(field(/Отчество/)).toHaveAccessibleDescription('Минимум 2 символов'));
    // Ticked, the box empties and disables the middle name, and its rule is off.
    await user.click(screen.getByRole('checkbox', { name: 'Нет отчества' }));
    expect(field(/Отчество/)).toBeDisabled();
    expect(field(/Отчество/)).toHaveValue('');
    await waitFor(() => expect(field(/Отчество/)).not.toHaveAccessibleDescription());
    // Cleared, it is required again at once.
    await user.click(screen.getByRole('checkbox', { name: 'Нет отчества' }));
    await waitFor(() => expect(field(/Отчество/)).toHaveAccessibleDescription('Поле обязательно'));
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeDisabled();
  });

  it('tells the rules of the city, the gender and the birth date of spec §5 under their fields', async () => {
    const user = userEvent.setup();
    renderDialog();
    const city = () => screen.getByRole('combobox', { name: /Город/ });

    await user.click(city());
    await user.tab();
    await waitFor(() => expect(city()).toHaveAccessibleDescription('Поле обязательно'));
    await chooseCity(user, 'Респ Татарстан');
    await waitFor(() => expect(city()).toHaveAccessibleDescription('Не указан населённый пункт'));

    // Keys reach the group's first option without choosing it; leaving the group unchosen tells the rule.
    const female = screen.getByRole('radio', { name: 'Женский' });
    const male = screen.getByRole('radio', { name: 'Мужской' });
    male.focus();
    await user.tab();
    await waitFor(() => expect(male).toHaveAccessibleDescription('Поле обязательно'));
    await user.click(female);
    await waitFor(() => expect(female).not.toHaveAccessibleDescription());

    // Tomorrow by the portal's clock (DEFAULT_TEST_INSTANT, 17 June 2026) is the future; today is not.
    await user.type(field(/Дата рождения/), '18062026');
    await waitFor(() =>
      expect(field(/Дата рождения/)).toHaveAccessibleDescription('Дата не может быть в будущем'),
    );
    await user.clear(field(/Дата рождения/));
    await user.type(field(/Дата рождения/), '17062026');
    await waitFor(() => expect(field(/Дата рождения/)).toHaveAccessibleDescription('ДД.ММ.ГГГГ'));
    await user.clear(field(/Дата рождения/));
    await user.type(field(/Дата рождения/), '31022010');
    await waitFor(() => expect(field(/Дата рождения/)).toHaveAccessibleDescription('Неверный формат даты'));
    await user.clear(field(/Дата рождения/));
    await user.type(field(/Дата рождения/), '0101');
    await user.tab();
    await waitFor(() => expect(field(/Дата рождения/)).toHaveAccessibleDescription('Неверный формат даты'));
    await user.clear(field(/Дата рождения/));
    await user.tab();
    await waitFor(() => expect(field(/Дата рождения/)).toHaveAccessibleDescription('Поле обязательно'));

    expect(screen.getByRole('button', { name: 'Добавить' })).toBeDisabled();
  });

  it('sends the spec’s payload, stores the new tokens, toasts success and reloads a second later', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/auth/AddAccount', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: { TokenResponse: { Token: family, RefreshToken: 'r-2' }, NewElmaUserId: 'new-9' },
        });
      }),
    );
    const user = userEvent.setup();
    const { store, toasts, onAdded } = renderDialog();

    await fillValid(user);
    const submit = screen.getByRole('button', { name: 'Добавить' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() =>
      expect(toasts.getSnapshot().map((t) => t.content)).toContain('Аккаунт успешно добавлен'),
    );
    expect(sent).toEqual({
      lastName: 'Соколова',
      firstName: 'Ева',
      middleName: 'Андреевна',
      birthDate: '2016-03-14',
      city: 'Казань',
      gender: 'female',
    });
    expect(store.getState().session.tokens).toEqual({ token: family, refreshToken: 'r-2' });
    expect(onAdded).not.toHaveBeenCalled();
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('on failure shows the spec’s error toast and keeps the dialog open with what was typed', async () => {
    server.use(
      http.post('*/api/auth/AddAccount', () =>
        HttpResponse.json({ message: 'upstream down' }, { status: 502 }),
      ),
    );
    const user = userEvent.setup();
    const { toasts, onAdded } = renderDialog();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Добавить' }));

    await waitFor(() =>
      expect(toasts.getSnapshot().map((t) => t.content)).toContain('Произошла неожиданная ошибка'),
    );
    expect(screen.getByRole('dialog', { name: 'Добавление нового аккаунта' })).toBeVisible();
    expect(field(/Фамилия/)).toHaveValue('  Соколова ');
    expect(field(/Дата рождения/)).toHaveValue('14.03.2016');
    expect(onAdded).not.toHaveBeenCalled();
  });
});
