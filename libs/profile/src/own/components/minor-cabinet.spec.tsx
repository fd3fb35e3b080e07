import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  platformRecords,
  platformScript,
  renderPortal,
  setupPortalServer,
} from '@fed/auth-session/testing';
import type { LegalRepresentativeRecord, SportsmanRecord } from '@fed/contracts';
import {
  adultRecord,
  ATHLETE_ID,
  CHILD_ID,
  childRecord,
  clubRecord,
  LOGIN_ID,
  representative,
  signedInLogin,
  yearsAgo,
} from '../testing/fixtures';
import { recordFieldsOf } from '../testing/record-fields';
import { OwnProfile } from './own-profile';

const records: Record<string, SportsmanRecord> = {};
let saved: LegalRepresentativeRecord | null = null;

/** Every call's `userId` header: whose representative the platform is told it is. */
const representativeFor: (string | null)[] = [];
const saveRepresentative = platformScript('createUpdateLegalRepresentative', (input, request) => {
  representativeFor.push(request.headers.get('userId'));
  saved = {
    ...representative,
    firstname: input.firstname,
    lastname: input.lastname,
    middlename: input.middlename ?? '',
    date_of_birth: `${input.date_of_birth}T00:00:00.000Z`,
  };
  return { success: true, data: { ...saved, created: true } };
});
const setConsent = platformScript('setPublishConsent', (input) => {
  const record = records[input.sportsmanId] as SportsmanRecord;
  records[input.sportsmanId] = {
    ...record,
    publish_consent: {
      photo: input.photo,
      birthYear: input.birthYear,
      city: input.city,
      results: input.results,
      givenAt: '2026-11-20T11:30:00.000Z',
      givenBy: { login: input.givenBy, role: input.sportsmanId === CHILD_ID ? 'parent' : 'self' },
    },
  };
  const updated = records[input.sportsmanId] as SportsmanRecord;
  return {
    success: true,
    data: {
      __id: updated.__id,
      __name: updated.__name,
      fio: { lastname: 'Соколова', firstname: 'Алиса', middlename: 'Андреевна' },
      representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
      organiz: [],
      organizationName: null,
      age_class: [],
      publish_consent: updated.publish_consent ?? null,
    },
  };
});

const server = setupPortalServer(
  recordFieldsOf(records),
  platformRecords('sportsman', records),
  platformScript('getOrganizationProfile', () => ({
    success: true,
    data: { ...clubRecord(), athletesCount: 12, upcomingEventsCount: 2, pastEventsCount: 5 },
  })),
  platformScript('getLegalRepresentative', () => ({ success: true, data: saved })),
  saveRepresentative,
  setConsent,
);

beforeEach(() => {
  records[CHILD_ID] = childRecord();
  records[ATHLETE_ID] = adultRecord();
  saved = null;
  saveRepresentative.calls.length = 0;
  representativeFor.length = 0;
  setConsent.calls.length = 0;
});

const textbox = (scope: HTMLElement, name: RegExp) => within(scope).getByRole('textbox', { name });
const typedBirthDate = (years: number) => yearsAgo(years).typed;

function renderChild(path = '/profile') {
  return renderPortal(<OwnProfile />, { session: signedInLogin(CHILD_ID), route: '/profile', path });
}

describe('a minor’s legal representative', () => {
  it('asks for one where the refusal’s link leads, and scrolls there', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderChild('/profile#legal-representative');
    const section = await screen.findByRole('region', { name: 'Законный представитель' });
    expect(section.closest('#legal-representative')).not.toBeNull();
    expect(await within(section).findByText('Добавьте законного представителя')).toBeVisible();
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
  });

  it('refuses a representative under 18 in the platform’s words, saves an adult and shows them', async () => {
    const user = userEvent.setup();
    const { toastTexts } = renderChild();
    const section = await screen.findByRole('region', { name: 'Законный представитель' });
    const form = await within(section).findByRole('form', { name: 'Законный представитель' });
    await user.type(textbox(form, /^Фамилия/), 'Соколова');
    await user.type(textbox(form, /^Имя/), 'Мария');
    await user.click(within(form).getByRole('checkbox', { name: 'Нет отчества' }));
    await user.type(textbox(form, /Дата рождения/), typedBirthDate(17));
    await user.tab();
    expect(
      await within(form).findByText('Законный представитель должен быть совершеннолетним'),
    ).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Сохранить представителя' })).toBeDisabled();

    await user.clear(textbox(form, /Дата рождения/));
    await user.type(textbox(form, /Дата рождения/), typedBirthDate(35));
    await user.click(within(form).getByRole('button', { name: 'Сохранить представителя' }));
    await waitFor(() => expect(saveRepresentative.calls).toHaveLength(1));
    // Spec §7: the representative alone; the child is the call's userId (the active account).
    expect(saveRepresentative.calls[0]).toEqual({
      lastname: 'Соколова',
      firstname: 'Мария',
      middlename: '',
      date_of_birth: yearsAgo(35).iso,
    });
    expect(representativeFor).toEqual([CHILD_ID]);
    await waitFor(() => expect(toastTexts()).toContain('Законный представитель сохранён'));
    expect(await within(section).findByText('Соколова Мария')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Изменить' })).toBeVisible();
  });

  it('keeps the form and says why when the call fails', async () => {
    server.use(
      platformScript('createUpdateLegalRepresentative', () =>
        apiError(502, 'Платформа недоступна, попробуйте позже', 'platform_unavailable'),
      ),
    );
    const user = userEvent.setup();
    const { toastTexts } = renderChild();
    const form = await screen.findByRole('form', { name: 'Законный представитель' });
    await user.type(textbox(form, /^Фамилия/), 'Соколов');
    await user.type(textbox(form, /^Имя/), 'Андрей');
    await user.type(textbox(form, /^Отчество/), 'Викторович');
    await user.type(textbox(form, /Дата рождения/), typedBirthDate(36));
    await user.click(within(form).getByRole('button', { name: 'Сохранить представителя' }));
    await waitFor(() => expect(toastTexts()).toContain('Платформа недоступна, попробуйте позже'));
    expect(textbox(form, /^Фамилия/)).toHaveValue('Соколов');
    expect(textbox(form, /^Отчество/)).toHaveValue('Викторович');
  });

  it('changes the one there is', async () => {
    saved = representative;
    const user = userEvent.setup();
    renderChild();
    const section = await screen.findByRole('region', { name: 'Законный представитель' });
    expect(await within(section).findByText('Соколов Андрей Викторович')).toBeVisible();
    expect(within(section).queryByText('Добавьте законного представителя')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Изменить' }));
    const form = within(section).getByRole('form', { name: 'Законный представитель' });
    expect(textbox(form, /Дата рождения/)).toHaveValue('12.05.1990');
    await user.clear(textbox(form, /^Имя/));
    await user.type(textbox(form, /^Имя/), 'Андрей-Иван');
    await user.click(within(form).getByRole('button', { name: 'Сохранить представителя' }));
    await waitFor(() =>
      expect(saveRepresentative.calls[0]).toMatchObject({
        firstname: 'Андрей-Иван',
        middlename: 'Викторович',
      }),
    );
  });
});

describe('the consent to publish', () => {
  it('is a parent’s choice for a minor, off until given; saved under the login with the time shown', async () => {
    const user = userEvent.setup();
    const { toastTexts } = renderChild();
    const section = await screen.findByRole('region', { name: 'Публичный профиль' });
    expect(within(section).getByText(/решает родитель или законный представитель/)).toBeVisible();
    const group = within(section).getByRole('group', { name: /Как родитель \(законный представитель\)/ });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(within(section).getByText(/Родитель ещё не давал согласия/)).toBeVisible();

    await user.click(within(group).getByRole('checkbox', { name: /Город/ }));
    await user.click(within(group).getByRole('checkbox', { name: /Участие в соревнованиях/ }));
    await user.click(within(section).getByRole('button', { name: 'Сохранить выбор' }));
    await waitFor(() => expect(setConsent.calls).toHaveLength(1));
    expect(setConsent.calls[0]).toEqual({
      sportsmanId: CHILD_ID,
      photo: false,
      birthYear: false,
      city: true,
      results: true,
      givenBy: LOGIN_ID,
    });
    await waitFor(() => expect(toastTexts()).toContain('Выбор сохранён'));
    expect(
      await within(section).findByText(
        'Последний выбор: 20 ноября 2026, 14:30 (мск), сделан родителем (законным представителем).',
      ),
    ).toBeVisible();
    expect(within(group).getByRole('checkbox', { name: /Город/ })).toBeChecked();
  });

  it('is the adult’s own choice', async () => {
    renderPortal(<OwnProfile />, { session: signedInLogin(ATHLETE_ID), route: '/profile' });
    const section = await screen.findByRole('region', { name: 'Публичный профиль' });
    expect(within(section).getByRole('group', { name: 'Разрешаю показывать всем' })).toBeVisible();
    expect(within(section).getByText(/Вы ещё не давали согласия/)).toBeVisible();
  });
});
