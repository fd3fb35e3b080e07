import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
  testClock,
} from '@fed/auth-session/testing';
import { addDays, federationToday, fixedClock, isoDay as isoDayOf, type Clock } from '@fed/calendar';
import { adults, eventDetails, juniors } from '../../testing/fixtures';
import { CreateCompetitionPage } from './create-competition-page';

const ORGANIZATION_ID = 'org-1';
const organizer = signedInAs(ORGANIZATION_ID, 'organization');

/** The venue as DaData gives it, level by level: the town, a street of it, a house of that street. */
const kazanCity = {
  value: 'г Казань',
  data: { city: 'Казань', settlement: null, kladr_id: '1600000100000', fias_level: '4' },
};
const bauman = {
  value: 'г Казань, ул Баумана',
  data: { city: 'Казань', settlement: null, kladr_id: '16000001000000100', fias_level: '7' },
};
const kazan = {
  value: 'г Казань, ул Баумана, д 5',
  unrestricted_value: '420111, Респ Татарстан, г Казань, ул Баумана, д 5',
  data: {
    city: 'Казань',
    settlement: null,
    kladr_id: '1600000100000010001',
    fias_level: '8',
    geo_lat: '55.7887',
    geo_lon: '49.1166',
  },
};
const tatarstan = {
  value: 'Респ Татарстан',
  unrestricted_value: 'Респ Татарстан',
  data: { city: null, settlement: null },
};

let uploads = 0;
let addressRequests: unknown[] = [];
const server = setupPortalServer(
  http.post('*/api/dadata/address', async ({ request }) => {
    const body = (await request.json()) as { locations?: Array<{ kladr_id?: string }> };
    addressRequests.push(body);
    const within = body.locations?.[0]?.kladr_id;
    const found =
      within === kazanCity.data.kladr_id
        ? [bauman]
        : within === bauman.data.kladr_id
          ? [kazan]
          : [kazanCity, tatarstan];
    return HttpResponse.json({ suggestions: found });
  }),
  platformScript('getAgeClasses', () =>
    HttpResponse.json({ success: true, result: [adults, juniors], total: 2 }),
  ),
  http.post('*/api/files', () => {
    uploads += 1;
    return HttpResponse.json({ fileId: 'file-poster', name: 'afisha.png', type: 'image/png', size: 4 });
  }),
);
beforeEach(() => {
  addressRequests = [];
  uploads = 0;
  // jsdom has no object URLs; the preview only needs an address.
  URL.createObjectURL = vi.fn(() => 'blob:poster');
  URL.revokeObjectURL = vi.fn();
});

type User = ReturnType<typeof userEvent.setup>;

/** The Moscow day `days` from today by the page's clock: `YYYY-MM-DD`, and as the DD.MM.YYYY mask shows it. */
const isoDay = (days: number) => isoDayOf(addDays(federationToday(testClock), days));
const maskedDay = (days: number) => isoDay(days).split('-').reverse().join('.');
/** As typed into the mask: its digits only. */
const typedDay = (days: number) => maskedDay(days).replace(/\./g, '');

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const combobox = (name: RegExp) => screen.getByRole('combobox', { name });
const submitButton = () => screen.getByRole('button', { name: 'Создать мероприятие' });

function renderPage(clock?: Clock) {
  return renderPortal(<CreateCompetitionPage />, {
    session: organizer,
    route: '/profile/create-competition',
    clock,
  });
}

/** Types the start of the town and chooses suggestion after suggestion, as a person enters a venue. */
async function choosePlace(user: User, ...options: string[]) {
  await user.type(combobox(/Адрес проведения/), 'каз');
  for (const option of options) await user.click(await screen.findByRole('option', { name: option }));
}

/** Puts text into a plain field at once: typing it key by key only costs time here. */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function fillValid(user: User) {
  await enter(user, textbox(/Название/), 'Кубок Казани');
  await enter(user, textbox(/Описание/), 'Открытый турнир');
  await user.selectOptions(combobox(/Уровень/), 'Региональное');
  await user.type(textbox(/Дата начала/), typedDay(30));
  await user.type(textbox(/Дата окончания/), typedDay(31));
  await user.type(textbox(/Приём заявок до/), typedDay(20));
  await choosePlace(user, kazanCity.value, bauman.value, kazan.value);
  await enter(user, textbox(/Количество мест/), '120');
  await user.click(screen.getByRole('checkbox', { name: /Продажа фото и видео/ }));
  const program = within(screen.getByRole('group', { name: 'Программа 1' }));
  await user.selectOptions(program.getByRole('combobox', { name: /Дисциплина/ }), 'Кумитэ');
  await user.selectOptions(program.getByRole('combobox', { name: /Тип программы/ }), 'Личная программа');
  await user.selectOptions(program.getByRole('combobox', { name: /Пол/ }), 'Женщины');
  const ageClass = program.getByRole('combobox', { name: /Возрастной класс/ });
  await waitFor(() => expect(ageClass).toBeEnabled());
  await user.selectOptions(ageClass, adults.nazvanie);
  await enter(user, program.getByRole('textbox', { name: /Весовая категория/ }), '-55 кг');
  await enter(user, program.getByRole('textbox', { name: /Взнос/ }), '1500');
}

describe('CreateCompetitionPage', () => {
  it('shows the form in sections, with submit disabled while it is empty', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Новое мероприятие' })).toBeVisible();
    for (const section of ['Основное', 'Даты', 'Место', 'Участие', 'Афиша', 'Программы']) {
      expect(screen.getByRole('group', { name: section })).toBeVisible();
    }
    expect(submitButton()).toBeDisabled();
  });

  it('tells the name’s and the level’s rules under their fields', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.click(textbox(/Название/));
    await user.tab();
    await waitFor(() => expect(textbox(/Название/)).toHaveAccessibleDescription('Поле обязательно'));
    // Spec §5: text is judged when its field is left, not while it is typed.
    await user.type(textbox(/Название/), 'Ку');
    expect(textbox(/Название/)).toHaveAccessibleDescription('Поле обязательно');
    await user.tab();
    await waitFor(() => expect(textbox(/Название/)).toHaveAccessibleDescription('Минимум 3 символов'));

    await user.click(combobox(/Уровень/));
    await user.tab();
    await waitFor(() => expect(combobox(/Уровень/)).toHaveAccessibleDescription('Поле обязательно'));
    expect(submitButton()).toBeDisabled();
  });

  it('tells the dates’ rules, judging the end and the deadline against the start', async () => {
    const user = userEvent.setup();
    renderPage();

    // Spec §5: a date is judged when it is left, or as soon as it is typed to its last digit.
    await user.type(textbox(/Дата начала/), typedDay(-1));
    await user.tab();
    await waitFor(() =>
      expect(textbox(/Дата начала/)).toHaveAccessibleDescription('Дата не может быть в прошлом'),
    );
    await user.clear(textbox(/Дата начала/));
    await user.type(textbox(/Дата начала/), typedDay(10));
    await user.type(textbox(/Дата окончания/), typedDay(9));
    await user.tab();
    await waitFor(() =>
      expect(textbox(/Дата окончания/)).toHaveAccessibleDescription('Окончание не может быть раньше начала'),
    );
    await user.type(textbox(/Приём заявок до/), typedDay(11));
    await user.tab();
    await waitFor(() =>
      expect(textbox(/Приём заявок до/)).toHaveAccessibleDescription(
        'Приём заявок должен закончиться до начала',
      ),
    );
    // Moving the start judges the end and the deadline again.
    await user.clear(textbox(/Дата начала/));
    await user.type(textbox(/Дата начала/), typedDay(8));
    await waitFor(() => expect(textbox(/Дата окончания/)).toHaveAccessibleDescription('ДД.ММ.ГГГГ'));
    expect(textbox(/Приём заявок до/)).toHaveAccessibleDescription(
      'Приём заявок должен закончиться до начала',
    );
  });

  it('judges "in the past" by Moscow’s day: at 00:30 on 1 January there, 31 December is past', async () => {
    const user = userEvent.setup();
    // 21:30 UTC on 31 December 2030: still 31 December in UTC.
    renderPage(fixedClock('2030-12-31T21:30:00Z'));
    await user.type(textbox(/Дата начала/), '31122030');
    await user.tab();
    await waitFor(() =>
      expect(textbox(/Дата начала/)).toHaveAccessibleDescription('Дата не может быть в прошлом'),
    );
    await user.clear(textbox(/Дата начала/));
    await user.type(textbox(/Дата начала/), '01012031');
    await waitFor(() => expect(textbox(/Дата начала/)).toHaveAccessibleDescription('ДД.ММ.ГГГГ'));
    // The calendar marks the same day as today, and no day before it can be picked.
    expect(document.querySelector('[data-today]')?.textContent).toBe('1');
    expect(screen.getByRole('grid', { name: /январь 2031/ })).toBeInTheDocument();
  });

  it('tells the place’s and the numbers’ rules under their fields', async () => {
    const user = userEvent.setup();
    renderPage();

    await choosePlace(user, tatarstan.value);
    await waitFor(() =>
      expect(combobox(/Адрес проведения/)).toHaveAccessibleDescription('Не указан населённый пункт'),
    );

    await user.clear(textbox(/Количество мест/));
    await user.type(textbox(/Количество мест/), '1,5');
    await user.tab();
    await waitFor(() =>
      expect(textbox(/Количество мест/)).toHaveAccessibleDescription('Введите целое число'),
    );

    await user.click(combobox(/Уровень/));
    await user.tab();
    await waitFor(() => expect(combobox(/Уровень/)).toHaveAccessibleDescription('Поле обязательно'));

    const fee = screen.getByRole('textbox', { name: /Взнос/ });
    await user.type(fee, '-1');
    await user.tab();
    await waitFor(() => expect(fee).toHaveAccessibleDescription('Введите целое число'));

    expect(submitButton()).toBeDisabled();
  });

  it('shows the city it takes from the chosen address', async () => {
    const user = userEvent.setup();
    renderPage();
    await choosePlace(user, kazanCity.value);
    // The town holds, and the field goes on with its streets, then a street's houses.
    expect(combobox(/Адрес проведения/)).toHaveAccessibleDescription(
      'Населённый пункт: Казань. Уточните улицу и дом',
    );
    expect((combobox(/Адрес проведения/) as HTMLInputElement).value).toBe('г Казань, ');
    await user.click(await screen.findByRole('option', { name: bauman.value }));
    await user.click(await screen.findByRole('option', { name: kazan.value }));
    expect(combobox(/Адрес проведения/)).toHaveValue(kazan.value);
    expect(combobox(/Адрес проведения/)).toHaveAccessibleDescription('Населённый пункт: Казань');
    expect(addressRequests).toEqual([
      expect.objectContaining({ query: 'каз', from_bound: { value: 'city' }, to_bound: { value: 'house' } }),
      expect.objectContaining({ query: 'г Казань,', locations: [{ kladr_id: kazanCity.data.kladr_id }] }),
      expect.objectContaining({
        query: 'г Казань, ул Баумана,',
        locations: [{ kladr_id: bauman.data.kladr_id }],
      }),
    ]);
  });

  it('refuses a poster of another type before uploading it', async () => {
    // As if "all files" were chosen in the system dialog, past the input's accept list.
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const pdf = new File(['%PDF'], 'afisha.pdf', { type: 'application/pdf' });

    await user.upload(screen.getByLabelText('Афиша'), pdf);

    expect(screen.getByLabelText('Афиша')).toHaveAccessibleDescription('Неверный формат файла');
    expect(uploads).toBe(0);
  });

  it('uploads a poster, previews it and lets it be removed', async () => {
    const user = userEvent.setup();
    renderPage();
    const png = new File(['\x89PNG'], 'afisha.png', { type: 'image/png' });

    await user.upload(screen.getByLabelText('Афиша'), png);

    expect(await screen.findByRole('img', { name: 'Афиша: afisha.png' })).toHaveAttribute(
      'src',
      'blob:poster',
    );
    expect(uploads).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Удалить афишу' }));
    expect(screen.queryByRole('img', { name: /Афиша/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Афиша')).toBeVisible();
  });

  it('adds and removes program rows, keeping at least one', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('button', { name: 'Удалить программу 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Добавить программу' }));
    expect(screen.getByRole('group', { name: 'Программа 2' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Удалить программу 2' }));
    expect(screen.queryByRole('group', { name: 'Программа 2' })).not.toBeInTheDocument();
  });

  it('creates the event for the signed-in organization and goes to the success page with it', async () => {
    let sent: unknown = null;
    server.use(
      platformScript('createCompetition', (input) => {
        sent = input;
        return HttpResponse.json({
          success: true,
          data: eventDetails({ __id: 'ev-new', __name: 'Кубок Казани' }),
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderPage();

    await fillValid(user);
    await user.upload(
      screen.getByLabelText('Афиша'),
      new File(['\x89PNG'], 'afisha.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: 'Афиша: afisha.png' });
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/create-competition/success'));
    expect(router.state.location.state).toEqual({ event: { id: 'ev-new', name: 'Кубок Казани' } });
    expect(sent).toEqual({
      organizerId: ORGANIZATION_ID,
      name: 'Кубок Казани',
      description: 'Открытый турнир',
      dateStart: isoDay(30),
      dateEnd: isoDay(31),
      registrationDeadline: isoDay(20),
      city: 'Казань',
      address: kazan.value,
      geoLat: 55.7887,
      geoLon: 49.1166,
      level: 'regional',
      placesLimit: 120,
      photoVideoSale: true,
      poster: 'file-poster',
      programs: [
        {
          discipline: 'kumite',
          programType: 'individual',
          gender: 'female',
          ageClassId: adults.__id,
          weightCategory: '-55 кг',
          feeRub: 1500,
        },
      ],
    });
  });

  it('keeps every field and shows the platform’s reason when the creation fails', async () => {
    server.use(
      platformScript('createCompetition', () =>
        HttpResponse.json(
          { statusCode: 400, code: 'platform_refused', message: 'Дата начала уже прошла' },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { router, toastTexts } = renderPage();

    await fillValid(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(toastTexts()).toContain('Дата начала уже прошла'));
    expect(router.state.location.pathname).toBe('/profile/create-competition');
    expect(textbox(/Название/)).toHaveValue('Кубок Казани');
    expect(textbox(/Дата начала/)).toHaveValue(maskedDay(30));
    expect(combobox(/Адрес проведения/)).toHaveValue(kazan.value);
    expect(textbox(/Количество мест/)).toHaveValue('120');
    expect(screen.getByRole('textbox', { name: /Взнос/ })).toHaveValue('1500');
    expect(submitButton()).toBeEnabled();
  });

  it('says the generic Russian sentence when the platform is down', async () => {
    server.use(
      platformScript('createCompetition', () =>
        HttpResponse.json(
          { statusCode: 502, code: 'upstream_unavailable', message: 'Bad gateway' },
          { status: 502 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { toastTexts } = renderPage();

    await fillValid(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(toastTexts()).toContain('Произошла неожиданная ошибка'));
    expect(textbox(/Название/)).toHaveValue('Кубок Казани');
  });
});
