import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import type { ScriptInput } from '@fed/api-client';
import type { PublicProfile } from '@fed/contracts';
import {
  athleteCard,
  athleteProfile,
  clubCard,
  clubProfile,
  event,
  minorCard,
} from '../testing/registry-fixtures';
import type { PublicProfileView } from './public-profile-page';
import { ProfilePage } from './profile-page';

const server = setupPortalServer();
const federationId = sandboxPublicConfig.federationProfileId;

/** The platform's 404 for an id that is nobody's. */
const missing = () => apiError(404, 'not found');

/** Answers someone's public page with `page`, and records every id asked. */
function servePage(page: PublicProfile) {
  const handler = platformScript('getPublicProfile', () => ({ success: true, data: page }));
  server.use(handler);
  return handler.calls;
}

/** Every report the client log received (a failed call is one). */
function watchClientLog() {
  const reports: unknown[] = [];
  server.use(
    http.post('*/log', async ({ request }) => {
      reports.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return reports;
}

/** Renders `/profile/{id}` as the app does, recording how the page names itself. */
function renderProfile(id: string, session = {}) {
  const named: PublicProfileView[] = [];
  function Naming({ view }: { view: PublicProfileView }) {
    named.push(view);
    return <p data-testid="named">{view}</p>;
  }
  const view = renderPortal(
    <ProfilePage
      notFound={<p>не найдено</p>}
      nameAs={(kind) => <Naming view={kind} />}
      federationDocuments={<p>Документы федерации</p>}
    >
      <h2>Мои заявки</h2>
    </ProfilePage>,
    { route: '/profile/:id?', path: `/profile/${id}`, session },
  );
  return { ...view, named };
}

function serveEvents() {
  const handler = platformScript('getEvents', (input: ScriptInput<'getEvents'>) =>
    input.when === 'upcoming'
      ? { success: true, result: [event()], total: 2 }
      : {
          success: true,
          result: [
            event({
              __id: 'ev-old',
              __name: 'Первенство 2020',
              date_start: '2020-05-10T07:00:00Z',
              date_end: '2020-05-10T15:00:00Z',
            }),
          ],
          total: 1,
        },
  );
  server.use(handler);
  return handler.calls;
}

describe('someone else’s profile', () => {
  it("shows an athlete's public page with club link, facts, membership and results with places", async () => {
    servePage({ kind: 'sportsman', profile: athleteProfile() });
    const { named } = renderProfile('sp-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Иванова Анна Сергеевна' })).toBeVisible();
    expect(named).toContain('sportsman');
    expect(screen.getByTestId('named')).toHaveTextContent('sportsman');
    expect(screen.getByRole('link', { name: 'СК «Олимп»' })).toHaveAttribute('href', '/profile/org-1');
    const facts = screen.getByRole('region', { name: 'Сведения' });
    expect(within(facts).getByText('Казань')).toBeVisible();
    expect(within(facts).getByText('Взрослые 18+')).toBeVisible();
    expect(within(facts).getByText('1999')).toBeVisible();
    expect(within(facts).getByText('Тарасов Дмитрий Олегович')).toBeVisible();
    expect(within(facts).getByText('до 31 декабря 2099')).toBeVisible();
    expect(within(facts).getByRole('link', { name: 'vk.com/anna_ivanova' })).toHaveAttribute(
      'href',
      'https://vk.com/anna_ivanova',
    );
    expect(screen.getByText('член федерации')).toBeVisible();
    expect(document.querySelector('img')).toHaveAttribute(
      'src',
      '/api/img/w_240,h_240,f_webp/file/file-photo-1',
    );

    const results = screen.getByRole('region', { name: 'Выступления' });
    expect(within(results).getByRole('link', { name: 'Первенство Москвы' })).toHaveAttribute(
      'href',
      '/competitions/ev-1',
    );
    expect(within(results).getByText('2 место')).toBeVisible();
    expect(within(results).getByText('Предстоит')).toBeVisible();
    // The cabinet's own sections are not someone else's.
    expect(screen.queryByRole('heading', { name: 'Мои заявки' })).toBeNull();
  });

  it('shows a minor without consent with name, club and age class only, and no photo', async () => {
    servePage({ kind: 'sportsman', profile: minorCard() });
    renderProfile('sp-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Петров Илья Андреевич' })).toBeVisible();
    expect(document.querySelector('img')).toBeNull();
    // Neither photo nor gender reaches the page: the placeholder guesses no gender either.
    expect(document.querySelector('[data-placeholder="sportsman-neutral"]')).not.toBeNull();
    const facts = screen.getByRole('region', { name: 'Сведения' });
    expect(
      within(facts)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Клуб', 'Возрастной класс']);
    expect(screen.getByText('Спортсмен не публикует свои выступления.')).toBeVisible();
    expect(screen.queryByText('член федерации')).toBeNull();
  });

  it("shows a club's page: logo, contacts, athletes paged, upcoming and past events", async () => {
    const user = userEvent.setup();
    const athletes = platformScript('getSportsmen', (input) => ({
      success: true,
      result: [
        athleteCard({ __id: `sp-${input.from}`, __name: `Спортсмен ${input.from}` }),
        minorCard({ __id: `sp-minor-${input.from}` }),
      ],
      total: 21,
    }));
    const reports = watchClientLog();
    server.use(athletes);
    const pagesAsked = servePage({ kind: 'organization', profile: clubProfile() });
    const eventsAsked = serveEvents();
    const { named } = renderProfile('org-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'СК «Олимп»' })).toBeVisible();
    // One read decides what the id is: no athlete's read fails first, so the client log hears nothing.
    expect(pagesAsked).toEqual([{ id: 'org-1' }]);
    expect(reports).toEqual([]);
    expect(named).toContain('organization');
    expect(named).not.toContain('sportsman');
    expect(screen.getByRole('img', { name: 'Логотип: СК «Олимп»' })).toHaveAttribute(
      'src',
      '/api/img/w_240,h_240,f_webp/file/file-logo-1',
    );
    expect(screen.getByText('г Казань, ул Баумана, д 5')).toBeVisible();
    const contacts = screen.getByRole('region', { name: 'Контакты' });
    expect(within(contacts).getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+79161234567',
    );
    expect(within(contacts).getByRole('link', { name: 'olimp@example.org' })).toHaveAttribute(
      'href',
      'mailto:olimp@example.org',
    );
    expect(within(contacts).getByRole('link', { name: 'olimp-kazan.example' })).toHaveAttribute(
      'href',
      'https://olimp-kazan.example/',
    );
    expect(within(contacts).getByRole('link', { name: 'vk.com/olimp_kazan' })).toBeVisible();

    const upcoming = await screen.findByRole('region', { name: 'Предстоящие мероприятия (2)' });
    expect(within(upcoming).getByRole('link', { name: 'Кубок Казани по каратэ' })).toHaveAttribute(
      'href',
      '/competitions/ev-1',
    );
    const past = screen.getByRole('region', { name: 'Прошедшие мероприятия (1)' });
    expect(await within(past).findByRole('link', { name: 'Первенство 2020' })).toBeVisible();
    expect(eventsAsked).toEqual(
      expect.arrayContaining([
        { organizerId: 'org-1', when: 'upcoming', sort: 'date_asc', from: 0, size: 10 },
        { organizerId: 'org-1', when: 'past', sort: 'date_desc', from: 0, size: 10 },
      ]),
    );

    const squad = screen.getByRole('region', { name: 'Спортсмены клуба (21)' });
    expect(await within(squad).findByRole('link', { name: 'Спортсмен 0' })).toHaveAttribute(
      'href',
      '/profile/sp-0',
    );
    // The club's own page does not repeat the club on each card.
    expect(within(squad).queryByRole('link', { name: 'СК «Олимп»' })).toBeNull();
    // A minor whose gender is withheld is drawn with the neutral placeholder, not a guessed one.
    const minor = within(squad).getByRole('article', { name: 'Петров Илья Андреевич' });
    expect(minor.querySelector('[data-placeholder="sportsman-neutral"]')).not.toBeNull();
    await user.click(within(squad).getByRole('button', { name: 'Страница 2' }));
    expect(await within(squad).findByRole('link', { name: 'Спортсмен 12' })).toBeVisible();
    expect(athletes.calls.at(-1)).toEqual({ organizationId: 'org-1', sort: 'name_asc', from: 12, size: 12 });
  });

  it('asks no list a club has nothing in', async () => {
    servePage({
      kind: 'organization',
      profile: clubProfile({
        athletesCount: 0,
        upcomingEventsCount: 0,
        pastEventsCount: 0,
        vk_link: null,
        sait: null,
      }),
    });
    renderProfile('org-1');
    expect(await screen.findByText('В клубе пока нет спортсменов.')).toBeVisible();
    expect(screen.getByText('Предстоящих мероприятий нет.')).toBeVisible();
    expect(screen.getByText('Прошедших мероприятий нет.')).toBeVisible();
    // Any list call would be an unhandled request, which fails the test.
  });

  it('shows the not-found view for an id that is nobody’s', async () => {
    server.use(platformScript('getPublicProfile', missing));
    const { named } = renderProfile('nobody');
    expect(await screen.findByText('не найдено')).toBeVisible();
    expect(named).toEqual([]);
  });

  it('offers a retry when the profile cannot be read', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      platformScript('getPublicProfile', () => {
        calls += 1;
        return calls <= 2
          ? apiError(503, 'upstream')
          : { success: true, data: { kind: 'sportsman', profile: athleteProfile() } };
      }),
    );
    renderProfile('sp-1');
    expect(await screen.findByText('Не удалось загрузить профиль')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванова Анна Сергеевна' })).toBeVisible();
  });

  it("shows the federation's own page at its fixed id: documents, events and organizations", async () => {
    server.use(
      platformScript('getOrganizationProfile', (input) => ({
        success: true,
        data: clubProfile({ __id: input.id, __name: 'Федерация контактных единоборств', pastEventsCount: 0 }),
      })),
      platformScript('getOrganizations', () => ({ success: true, result: [clubCard()], total: 1 })),
    );
    const eventsAsked = serveEvents();
    const { named } = renderProfile(federationId);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
    ).toBeVisible();
    expect(named).toContain('federation');
    expect(screen.getByRole('region', { name: 'Документы' })).toHaveTextContent('Документы федерации');
    const clubs = screen.getByRole('region', { name: /Организации федерации/ });
    expect(await within(clubs).findByRole('link', { name: 'СК «Олимп»' })).toHaveAttribute(
      'href',
      '/profile/org-1',
    );
    expect(within(clubs).getByRole('link', { name: 'Все организации' })).toHaveAttribute(
      'href',
      '/organizations',
    );
    await waitFor(() =>
      expect(eventsAsked[0]).toMatchObject({ organizerId: federationId, when: 'upcoming' }),
    );
  });

  it('keeps the own cabinet for the signed-in user’s own id, and shows others’ pages to them', async () => {
    servePage({ kind: 'sportsman', profile: athleteProfile() });
    renderProfile('p-1', signedInAs('p-1'));
    expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Мои заявки' })).toBeInTheDocument();

    renderProfile('sp-1', signedInAs('p-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванова Анна Сергеевна' })).toBeVisible();
    // An athlete of another login: nothing to act as.
    expect(screen.queryByRole('button', { name: 'Выбрать этот аккаунт' })).toBeNull();
  });

  it('shows another athlete of the same login as their public page, with the way to act as them', async () => {
    servePage({ kind: 'sportsman', profile: athleteProfile() });
    const family = signedInAs('p-1', 'sportsman', {
      linkedAccounts: [
        { id: 'p-1', fio: 'Соколов Андрей', avatar: null, gender: { code: 'male' } },
        { id: 'sp-1', fio: 'Иванова Анна Сергеевна', avatar: null, gender: { code: 'female' } },
      ],
    });
    const { named } = renderProfile('sp-1', family);

    expect(await screen.findByRole('heading', { level: 1, name: 'Иванова Анна Сергеевна' })).toBeVisible();
    expect(named).toContain('sportsman');
    expect(screen.getByText('Этот спортсмен привязан к вашему номеру телефона')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Выбрать этот аккаунт' })).toBeEnabled();
    // Not the active athlete's cabinet.
    expect(screen.queryByRole('heading', { name: 'Личный кабинет' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Мои заявки' })).toBeNull();
  });
});
