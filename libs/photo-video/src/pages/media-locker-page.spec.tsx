import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import type { MediaLocker } from '@fed/contracts';
import { lockerFixture } from '../testing/fixtures';
import { MediaLockerPage } from './media-locker-page';

const server = setupPortalServer();
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

function serveLocker(answer: () => MediaLocker | Response) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/media/lockers/:competitionId/:sportsmanId', ({ params }) => {
      calls.push(`${String(params['competitionId'])}/${String(params['sportsmanId'])}`);
      const body = answer();
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return calls;
}

const open = (sportsmanId = 'son-1') =>
  renderPortal(<MediaLockerPage />, {
    session: signedInAs(sportsmanId),
    route: '/photo-video/:id',
    path: '/photo-video/cup-1',
  });

describe('MediaLockerPage', () => {
  it('shows the active athlete’s performance as marked previews before payment, and no zip', async () => {
    const calls = serveLocker(() => lockerFixture(false));
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Кубок СК «Сэнсэй» среди юношей' }),
    ).toBeVisible();
    expect(calls).toEqual(['cup-1/son-1']);
    expect(screen.getByText('Показаны превью с водяным знаком')).toBeVisible();
    const tiles = within(screen.getByRole('list', { name: 'Фото и видео: Ката, 12–13 лет' })).getAllByRole(
      'button',
    );
    expect(tiles).toHaveLength(4);
    expect(tiles[0]).toHaveAccessibleName('Фото m1.png, превью');
    expect(screen.queryByRole('link', { name: 'Скачать всё (ZIP)' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Скачать' })).toBeNull();
  });

  it('after payment offers the originals one by one and all at once', async () => {
    serveLocker(() => lockerFixture(true));
    open();
    const zip = await screen.findByRole('link', { name: 'Скачать всё (ZIP)' });
    expect(zip).toHaveAttribute('href', '/api/media/zip/cup-1/son-1?s=1');
    expect(screen.getAllByRole('link', { name: 'Скачать' })[0]).toHaveAttribute(
      'href',
      '/api/media/files/m1/download?s=1',
    );
    expect(screen.queryByText('Показаны превью с водяным знаком')).toBeNull();
  });

  it('goes through the media with the keyboard and a swipe, plays the paid video, and closes on Esc', async () => {
    const user = userEvent.setup();
    serveLocker(() => lockerFixture(true));
    open();
    await user.click(await screen.findByRole('button', { name: 'Фото m1.png' }));
    const dialog = await screen.findByRole('dialog', { name: /m1\.png · 1 из 4/ });
    expect(within(dialog).getByRole('img', { name: 'm1.png' })).toHaveAttribute(
      'src',
      '/api/media/files/m1/display?s=1',
    );
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: /m2\.png · 2 из 4/ })).toBeVisible();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    const video = await screen.findByRole('dialog', { name: /m4\.png · 4 из 4/ });
    expect(video.querySelector('video')).toHaveAttribute('src', '/api/media/files/m4/full?s=1');
    const stage = within(video).getByTestId('media-stage');
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 100 });
    expect(await screen.findByRole('dialog', { name: /m1\.png · 1 из 4/ })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says there is nothing here for another athlete (the api’s 404)', async () => {
    serveLocker(() => apiError(404, 'Материалы не найдены', 'not_found'));
    open('daughter-1');
    expect(await screen.findByRole('heading', { name: 'Фото и видео не найдены' })).toBeVisible();
    expect(screen.getByText(/переключитесь на его аккаунт/)).toBeVisible();
  });
});
