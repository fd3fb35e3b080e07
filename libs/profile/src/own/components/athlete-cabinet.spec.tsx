import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  platformRecords,
  platformScript,
  renderPortal,
  setupPortalServer,
} from '@fed/auth-session/testing';
import type { SportsmanRecord } from '@fed/contracts';
import { adultRecord, ATHLETE_ID, CLUB_ID, clubRecord, signedInLogin } from '../testing/fixtures';
import { recordFieldsOf } from '../testing/record-fields';
import { ATHLETE_CABINET_FIELDS } from './athlete-cabinet';
import { OwnProfile } from './own-profile';

const records: Record<string, SportsmanRecord> = {};
let uploads = 0;

const runBP = platformScript('runBP', (input) => {
  if (input.context.contractortype === 'sportsman') {
    const { context } = input;
    const current = records[ATHLETE_ID] as SportsmanRecord;
    records[ATHLETE_ID] = {
      ...current,
      ...(context.fio && { fio: { ...context.fio, middlename: context.fio.middlename ?? '' } }),
      coach: context.fieldsForClear?.includes('trener') ? null : (context.trener ?? current.coach ?? null),
      photo: context.photo ?? current.photo ?? null,
    };
  }
  return {
    success: true,
    data: { processId: 'p-1', process: 'create_sportsman', recordId: ATHLETE_ID, written: true },
  };
});
const recordFields = recordFieldsOf(records);

const server = setupPortalServer(
  recordFields,
  // The session's own read of the account (the header's name and picture).
  platformRecords('sportsman', records),
  platformScript('getOrganizationProfile', () => ({
    success: true,
    data: { ...clubRecord(), athletesCount: 12, upcomingEventsCount: 2, pastEventsCount: 5 },
  })),
  runBP,
  http.get('*/api/auth/LinkedAccounts', () => HttpResponse.json({ data: [] })),
  http.post('*/api/dadata/address', () =>
    HttpResponse.json({
      suggestions: [{ value: 'г Казань', data: { city: 'Казань', settlement: null } }],
    }),
  ),
  http.post('*/api/files', () => {
    uploads += 1;
    return HttpResponse.json(
      { fileId: 'file-photo', name: 'photo.png', type: 'image/png', size: 68 },
      { status: 201 },
    );
  }),
);

beforeEach(() => {
  records[ATHLETE_ID] = adultRecord();
  runBP.calls.length = 0;
  recordFields.calls.length = 0;
  uploads = 0;
  // jsdom has no object URLs; the preview only needs an address.
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Сохранить' });
type User = ReturnType<typeof userEvent.setup>;

/** Replaces a plain field's text at once (typing key by key only costs time here). */
async function enter(user: User, name: RegExp, text: string) {
  await user.clear(textbox(name));
  await user.click(textbox(name));
  await user.paste(text);
}

function renderCabinet() {
  return renderPortal(<OwnProfile />, { session: signedInLogin(ATHLETE_ID), route: '/profile' });
}

async function openEditor(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Изменить' }));
  return screen.findByRole('form', { name: 'Изменение профиля' });
}

describe('the athlete’s own profile', () => {
  it('shows the whole profile: club, coach, age class, the membership’s days left, contacts and the link’s visibility', async () => {
    renderCabinet();
    const profile = await screen.findByRole('region', { name: 'Профиль' });
    expect(await within(profile).findByText('Соколов Андрей Викторович')).toBeVisible();
    const fact = (term: string) => within(profile).getByText(term).nextElementSibling;
    expect(fact('Дата рождения')).toHaveTextContent('12 мая 1990');
    expect(fact('Город')).toHaveTextContent('Москва');
    await waitFor(() => expect(fact('Клуб')).toHaveTextContent('СК «Сэнсэй»'));
    expect(within(profile).getByRole('link', { name: 'СК «Сэнсэй»' })).toHaveAttribute(
      'href',
      `/profile/${CLUB_ID}`,
    );
    expect(fact('Тренер')).toHaveTextContent('Иванов Сергей Петрович');
    expect(fact('Возрастной класс')).toHaveTextContent('Взрослые');
    expect(fact('Членство в федерации')).toHaveTextContent(/^до \d{1,2} [а-я]+ \d{4}, осталось 10 дней$/);
    expect(fact('Телефон')).toHaveTextContent('+7 (999) 000-00-01');
    expect(fact('Эл. почта')).toHaveTextContent('sokolov@example.ru');
    expect(fact('ВКонтакте')).toHaveTextContent('vk.com/sokolov' + 'видна в публичном профиле');
    // No photo: the placeholder by gender stands for it.
    expect(within(profile).getByRole('img', { name: 'Соколов Андрей Викторович' })).toHaveAttribute(
      'data-placeholder',
      'sportsman-male',
    );
    // An adult has no legal representative section.
    expect(screen.queryByRole('region', { name: 'Законный представитель' })).toBeNull();
  });

  it('reads the record by the fields the cabinet shows, and no others (spec §7 record read)', async () => {
    renderCabinet();
    const profile = await screen.findByRole('region', { name: 'Профиль' });
    expect(await within(profile).findByText('Соколов Андрей Викторович')).toBeVisible();
    expect(recordFields.calls[0]).toEqual({
      application: 'sportsman',
      id: ATHLETE_ID,
      fields: [...ATHLETE_CABINET_FIELDS],
    });
    for (const call of recordFields.calls) {
      for (const unshown of ['bank_account', 'inn_a', 'backenduserid', 'legal_representative']) {
        expect(call.fields).not.toContain(unshown);
      }
    }
  });

  it('moves the keyboard into the form when it opens, and back to «Изменить» when it closes', async () => {
    const user = userEvent.setup();
    renderCabinet();
    await openEditor(user);
    await waitFor(() => expect(textbox(/^Фамилия/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Изменить' })).toHaveFocus());
    expect(runBP.calls).toHaveLength(0);
  });

  it('says what is wrong under each field, in the catalogue’s words, and will not save it', async () => {
    const user = userEvent.setup();
    renderCabinet();
    await openEditor(user);
    await enter(user, /^Имя/, 'Андрей2');
    await enter(user, /Эл. почта/, 'sokolov@');
    await enter(user, /Ссылка ВКонтакте/, 'https://example.com/me');
    await user.clear(textbox(/Дата рождения/));
    await user.type(textbox(/Дата рождения/), '01012999');
    await user.tab();
    expect(await screen.findByText('Только буквы, пробел и дефис')).toBeVisible();
    expect(screen.getByText('Неверный формат почты')).toBeVisible();
    expect(screen.getByText('Неверный формат ссылки')).toBeVisible();
    expect(screen.getByText('Дата не может быть в будущем')).toBeVisible();
    expect(saveButton()).toBeDisabled();
    expect(runBP.calls).toHaveLength(0);
  });

  it('saves through the sportsman update context, naming an emptied field in fieldsForClear; the session’s name follows', async () => {
    const user = userEvent.setup();
    const { store, toastTexts } = renderCabinet();
    await openEditor(user);
    await enter(user, /^Имя/, 'Андрей-Пётр');
    await user.clear(textbox(/Тренер/));
    await user.click(saveButton());

    await waitFor(() => expect(runBP.calls).toHaveLength(1));
    // Spec §7: business process create_sportsman of the application sportsman, the sportsman update context.
    expect(runBP.calls[0]).toEqual({
      application: 'sportsman',
      process: 'create_sportsman',
      context: {
        contractortype: 'sportsman',
        is_need_update_sportsman: true,
        representive: true,
        sportsman: [ATHLETE_ID],
        id: ATHLETE_ID,
        fio: { lastname: 'Соколов', firstname: 'Андрей-Пётр', middlename: 'Викторович' },
        date_of_birth: '1990-05-12',
        gorod: 'Москва',
        email: 'sokolov@example.ru',
        vk_link: 'https://vk.com/sokolov',
        vk_link_available: true,
        fieldsForClear: ['trener'],
      },
    });
    await waitFor(() => expect(toastTexts()).toContain('Профиль сохранён'));
    // The cabinet reads the record again, and so does the session the header shows.
    const profile = screen.getByRole('region', { name: 'Профиль' });
    expect(await within(profile).findByText('Соколов Андрей-Пётр Викторович')).toBeVisible();
    expect(within(profile).getByText('Тренер').nextElementSibling).toHaveTextContent('не указан');
    await waitFor(() =>
      expect(store.getState().session.user?.displayName).toBe('Соколов Андрей-Пётр Викторович'),
    );
  });

  it('keeps every value after a failed save and says why: a toast, and field errors under their fields', async () => {
    const user = userEvent.setup();
    server.use(
      platformScript('runBP', () =>
        apiError(502, 'Платформа недоступна, попробуйте позже', 'platform_unavailable'),
      ),
    );
    const { toastTexts } = renderCabinet();
    await openEditor(user);
    await enter(user, /^Имя/, 'Пётр');
    await user.clear(textbox(/Тренер/));
    await user.click(saveButton());
    await waitFor(() => expect(toastTexts()).toContain('Платформа недоступна, попробуйте позже'));
    expect(textbox(/^Имя/)).toHaveValue('Пётр');
    expect(textbox(/Тренер/)).toHaveValue('');
    expect(screen.getByRole('form', { name: 'Изменение профиля' })).toBeVisible();

    server.use(
      platformScript('runBP', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'validation',
            message: 'Проверьте введённые данные',
            fieldErrors: { 'context.email': ['Неверный формат почты'] },
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(saveButton());
    expect(await screen.findByText('Неверный формат почты')).toBeVisible();
    expect(textbox(/Эл. почта/)).toHaveAccessibleDescription('Неверный формат почты');
    expect(textbox(/^Имя/)).toHaveValue('Пётр');
  });

  it('checks a photo in the browser before it leaves, uploads a good one and saves it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderCabinet();
    await openEditor(user);
    const picker = screen.getByLabelText(/Новое фото/);
    await user.upload(picker, new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Неверный формат файла')).toBeVisible();
    await user.upload(
      picker,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Файл больше 5 МБ — выберите файл поменьше')).toBeVisible();
    expect(uploads).toBe(0);

    await user.upload(picker, new File([new Uint8Array(68)], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads).toBe(1));
    expect(await screen.findByRole('img', { name: 'Фото: Соколов Андрей Викторович' })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    await user.click(saveButton());
    await waitFor(() => expect(runBP.calls).toHaveLength(1));
    expect(runBP.calls[0]?.context).toMatchObject({ photo: ['file-photo'], fieldsForClear: [] });
  });

  it('removes the photo by naming it in fieldsForClear', async () => {
    records[ATHLETE_ID] = adultRecord({ photo: ['file-old'] });
    const user = userEvent.setup();
    renderCabinet();
    await openEditor(user);
    await user.click(screen.getByRole('button', { name: 'Удалить фото' }));
    await user.click(saveButton());
    await waitFor(() => expect(runBP.calls).toHaveLength(1));
    expect(runBP.calls[0]?.context).toMatchObject({ fieldsForClear: ['photo'] });
    expect(runBP.calls[0]?.context).not.toHaveProperty('photo');
  });
});
