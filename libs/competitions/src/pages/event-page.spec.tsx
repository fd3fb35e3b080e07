import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  apiError,
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import type { EventDetails } from '@fed/contracts';
import { eventDetails, requestView, rub } from '../testing/fixtures';
import { EventPage } from './event-page';

const server = setupPortalServer();
afterEach(() => {
  vi.restoreAllMocks();
});

function serveEvent(event: EventDetails) {
  server.use(
    platformScript('getEventById', (input) =>
      (input as { id: string }).id === event.__id
        ? HttpResponse.json({ success: true, data: event })
        : apiError(404, `Мероприятие ${(input as { id: string }).id} не найдено`),
    ),
  );
}

/** jsdom's Blob has no `text()`; its FileReader reads one. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const renderEvent = (id = 'ev-1', session = {}) =>
  renderPortal(<EventPage />, { route: '/competitions/:id', path: `/competitions/${id}`, session });

describe('EventPage', () => {
  it('shows the event’s dates, place, organizer, level, fees, places, deadline and documents', async () => {
    serveEvent(eventDetails());
    renderEvent();

    expect(await screen.findByRole('heading', { level: 1, name: 'Кубок Казани по каратэ' })).toBeVisible();
    const facts = screen.getByRole('complementary', { name: 'Участие' });
    expect(within(facts).getByText('12–14 декабря 2099')).toBeVisible();
    expect(within(facts).getByText(/ул. Баумана, д. 5/)).toBeVisible();
    expect(within(facts).getByRole('link', { name: 'Клуб «Сэмпай»' })).toHaveAttribute(
      'href',
      '/profile/org-1',
    );
    expect(within(facts).getByText('Региональное')).toBeVisible();
    expect(within(facts).getByText('Юниоры 16–17 лет, Взрослые 18+')).toBeVisible();
    expect(within(facts).getByText('от 1 500 ₽')).toBeVisible();
    expect(within(facts).getByText('60 из 100')).toBeVisible();
    expect(within(facts).getByText('до 5 декабря 2099, 23:59 (мск)')).toBeVisible();
    expect(within(facts).getByRole('link', { name: 'Подать заявку' })).toHaveAttribute('href', '/apply/ev-1');
    expect(screen.getByText('Соревнования проводятся по правилам WKF.')).toBeVisible();

    const regulations = screen.getByRole('link', { name: 'Положение 2099' });
    expect(regulations).toHaveAttribute('href', '/api/files/file-regulations');
    expect(regulations).toHaveAttribute('target', '_blank');
    expect(regulations).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Положение о соревнованиях')).toBeVisible();
  });

  it('groups programs by discipline and tells who may enter each, gendered or not', async () => {
    serveEvent(eventDetails());
    renderEvent();

    const kumite = await screen.findByRole('region', { name: 'Кумитэ' });
    const [men, women] = within(kumite).getAllByRole('listitem');
    expect(men).toHaveTextContent('Кумитэ, мужчины, взрослые 18+, −75 кг');
    expect(within(men as HTMLElement).getByText('Мужчины')).toBeVisible();
    expect(within(men as HTMLElement).getByText('Взрослые 18+')).toBeVisible();
    expect(within(women as HTMLElement).getByText('Женщины')).toBeVisible();

    const kata = screen.getByRole('region', { name: 'Ката' });
    const [anyone] = within(kata).getAllByRole('listitem');
    expect(within(anyone as HTMLElement).getByText('Все')).toBeVisible();
    expect(within(anyone as HTMLElement).getByText('Юниоры 16–17 лет')).toBeVisible();
    expect(within(anyone as HTMLElement).getByText('2 000 ₽')).toBeVisible();
  });

  it('shows the poster through the image proxy when there is one', async () => {
    serveEvent(eventDetails({ poster: ['poster-1'] }));
    renderEvent();
    const poster = await screen.findByRole('img', { name: 'Афиша: Кубок Казани по каратэ' });
    expect(poster).toHaveAttribute('src', '/api/img/w_960,f_webp/file/poster-1');
  });

  it('says registration is closed, and why, instead of offering to apply', async () => {
    serveEvent(
      eventDetails({
        registration_deadline: '2020-12-05T20:59:00Z',
        registrationOpen: false,
        fee: rub(1500),
      }),
    );
    renderEvent();

    expect(await screen.findByText('Приём заявок закрыт')).toBeVisible();
    expect(screen.getByText('Срок подачи заявок истёк 5 декабря 2020, 23:59 (мск).')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Подать заявку' })).toBeNull();
  });

  it('says a cancelled event is cancelled instead of offering to apply', async () => {
    serveEvent(eventDetails({ cancelled: true, registrationOpen: false }));
    renderEvent();
    expect(await screen.findByText('Мероприятие отменено')).toBeVisible();
    expect(screen.getByText(/Организатор отменил мероприятие/)).toBeVisible();
    expect(screen.queryByText('Приём заявок закрыт')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Подать заявку' })).toBeNull();
  });

  it('tells an organization that athletes apply', async () => {
    serveEvent(eventDetails());
    renderEvent('ev-1', signedInAs('org-1', 'organization'));
    expect(await screen.findByText(/Заявки на участие подают спортсмены/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Подать заявку' })).toBeNull();
  });

  it('names the browser tab after the event', async () => {
    document.title = 'ФКЕ — портал федерации';
    serveEvent(eventDetails());
    renderEvent();
    await screen.findByRole('heading', { level: 1, name: 'Кубок Казани по каратэ' });
    expect(document.title).toBe('Кубок Казани по каратэ — ФКЕ');
  });

  it('shows the venue as one line and links to it on a map when it has coordinates', async () => {
    serveEvent(
      eventDetails({
        gorod: 'Москва',
        address: 'г Москва, ул Лужники, д 24',
        geo_lat: 55.7158,
        geo_lon: 37.5537,
      }),
    );
    renderEvent();
    const facts = await screen.findByRole('complementary', { name: 'Участие' });
    const place = within(facts).getByText('Место').nextElementSibling as HTMLElement;
    expect(place).toHaveTextContent(/^г Москва, ул Лужники, д 24Показать на карте$/);
    const map = within(place).getByRole('link', { name: 'Показать на карте' });
    expect(map).toHaveAttribute('href', 'https://yandex.ru/maps/?pt=37.5537,55.7158&z=16&l=map');
    expect(map).toHaveAttribute('target', '_blank');
  });

  it('offers no map without coordinates', async () => {
    serveEvent(eventDetails());
    renderEvent();
    await screen.findByRole('complementary', { name: 'Участие' });
    expect(screen.queryByRole('link', { name: 'Показать на карте' })).toBeNull();
  });

  it('says the athlete has applied, with the way to the application, instead of offering to apply again', async () => {
    serveEvent(eventDetails());
    let asked = 0;
    server.use(
      platformScript('getMyRequestList', (input) => {
        asked += 1;
        expect(input).toMatchObject({ sportsmanID: 'sp-1', nomenclature_type: 'competition' });
        return HttpResponse.json({
          success: true,
          result: [
            requestView({ __id: 'rq-old', competition: ['ev-1'], requestState: 'cancelled' }),
            requestView({ __id: 'rq-1', competition: ['ev-1'], requestState: 'new' }),
            requestView({ __id: 'rq-2', competition: ['ev-2'], requestState: 'new' }),
          ],
          total: 3,
        });
      }),
    );
    renderEvent('ev-1', signedInAs('sp-1'));
    const applied = (await screen.findByText('Заявка подана')).closest('[role="status"]') as HTMLElement;
    expect(applied).toHaveTextContent('Заявка подана');
    expect(applied).toHaveTextContent('Статус: новая');
    expect(within(applied).getByRole('link', { name: 'Изменить заявку' })).toHaveAttribute(
      'href',
      '/apply/edit/rq-1',
    );
    expect(screen.queryByRole('link', { name: 'Подать заявку' })).toBeNull();
    expect(asked).toBe(1);
  });

  it('links to an application that can no longer change without offering to change it', async () => {
    serveEvent(eventDetails());
    server.use(
      platformScript('getMyRequestList', () =>
        HttpResponse.json({
          success: true,
          result: [requestView({ __id: 'rq-1', competition: ['ev-1'], requestState: 'approved' })],
          total: 1,
        }),
      ),
    );
    renderEvent('ev-1', signedInAs('sp-1'));
    const applied = (await screen.findByText('Заявка подана')).closest('[role="status"]') as HTMLElement;
    expect(applied).toHaveTextContent('Статус: одобрена');
    expect(within(applied).getByRole('link', { name: 'Открыть заявку' })).toHaveAttribute(
      'href',
      '/apply/edit/rq-1',
    );
    expect(screen.queryByRole('link', { name: 'Изменить заявку' })).toBeNull();
  });

  it('shows a portrait poster whole over a blurred copy of itself', async () => {
    serveEvent(eventDetails({ poster: ['poster-1'] }));
    renderEvent();
    const poster = await screen.findByRole('img', { name: 'Афиша: Кубок Казани по каратэ' });
    const frame = poster.parentElement as HTMLElement;
    const backdrop = frame.querySelector('img[aria-hidden="true"]');
    expect(backdrop).toHaveAttribute('alt', '');
    // Blurred, a small copy does: the picture itself comes in the sizes of its slot.
    expect(backdrop).toHaveAttribute('src', '/api/img/w_96,f_webp/file/poster-1');
    expect(poster).toHaveAttribute(
      'srcset',
      expect.stringContaining('/api/img/w_480,f_webp/file/poster-1 480w'),
    );
    // Its place is kept while it loads, and it is asked for first.
    expect(poster).toHaveAttribute('width', '960');
    expect(poster).toHaveAttribute('height', '640');
    expect(poster).toHaveAttribute('fetchpriority', 'high');
  });

  it('downloads the event as an .ics file', async () => {
    serveEvent(eventDetails());
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:event';
    });
    // jsdom has no object URLs: the page's calls are caught here and put back after the test.
    const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = realCreate;
      URL.revokeObjectURL = realRevoke;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderEvent();

    await user.click(await screen.findByRole('button', { name: 'Добавить в календарь' }));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('Кубок Казани по каратэ.ics');
    expect(link.href).toBe('blob:event');
    const text = await readText(blobs[0] as Blob);
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');
    expect(text).toContain('DTSTART;VALUE=DATE:20991212\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20991215\r\n');
    expect(text.replace(/\r\n /g, '')).toContain(`URL:${window.location.origin}/competitions/ev-1`);
  });

  it('answers an unknown event with a way back to the list', async () => {
    serveEvent(eventDetails());
    renderEvent('no-such');
    expect(await screen.findByRole('heading', { level: 1, name: 'Мероприятие не найдено' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ко всем мероприятиям' })).toHaveAttribute(
      'href',
      '/competitions',
    );
  });

  it('treats an id the platform cannot read (400) as unknown too', async () => {
    server.use(platformScript('getEventById', () => apiError(400, 'Платформа: запрос отклонён')));
    renderEvent('%20');
    expect(await screen.findByRole('heading', { name: 'Мероприятие не найдено' })).toBeVisible();
  });

  it('offers to try again when the platform fails', async () => {
    let failing = true;
    server.use(
      platformScript('getEventById', () =>
        failing
          ? apiError(502, 'Платформа: ошибка 500')
          : HttpResponse.json({ success: true, data: eventDetails() }),
      ),
    );
    const user = userEvent.setup();
    renderEvent();
    expect(await screen.findByText('Не удалось загрузить мероприятие')).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Кубок Казани'));
  });
});
