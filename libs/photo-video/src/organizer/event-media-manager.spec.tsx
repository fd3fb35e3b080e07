import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import type { TagMediaBody } from '@fed/contracts';
import { organizerMediaFixture } from '../testing/fixtures';
import { EventMediaManager } from './event-media-manager';

const server = setupPortalServer();
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

const club = signedInAs('club-1', 'organization');

describe('EventMediaManager', () => {
  it('tags several media to several performances at once and shows what is tagged and paid', async () => {
    const user = userEvent.setup();
    const tagged: TagMediaBody[] = [];
    server.use(
      http.get('*/api/media/events/cup-1', () => HttpResponse.json(organizerMediaFixture())),
      http.post('*/api/media/events/cup-1/tags', async ({ request }) => {
        tagged.push((await request.json()) as TagMediaBody);
        const answer = organizerMediaFixture();
        answer.entries = answer.entries.map((entry) => ({ ...entry, tagged: { photos: 1, videos: 0 } }));
        return HttpResponse.json(answer);
      }),
    );
    renderPortal(<EventMediaManager competitionId="cup-1" />, { session: club });

    const entries = within(await screen.findByRole('list', { name: 'Выступления мероприятия' }));
    expect(entries.getByText('Фото: оплачено')).toBeVisible();
    expect(entries.getByText('Не заказано')).toBeVisible();
    const tag = screen.getByRole('button', { name: 'Отметить выбранных' });
    expect(tag).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Фото Старт.png' }));
    await user.click(entries.getByRole('checkbox', { name: 'Соколов Матвей Андреевич — Ката, 12–13 лет' }));
    await user.click(entries.getByRole('checkbox', { name: 'Иванов Пётр — Ката, 12–13 лет' }));
    await user.click(tag);
    await waitFor(() =>
      expect(tagged).toEqual([
        {
          mediaIds: ['m1'],
          entries: [
            { entryId: 'entry-1', programId: 'kata' },
            { entryId: 'entry-2', programId: 'kata' },
          ],
          action: 'tag',
        },
      ]),
    );
    expect(await entries.findAllByText('Фото 1 · видео 0')).toHaveLength(2);
  });

  it('uploads each file with its own state: a refused type is said beside it, a failure retried alone', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    server.use(
      http.get('*/api/media/events/cup-1', () => HttpResponse.json(organizerMediaFixture())),
      http.post('*/api/media/events/cup-1/files', async ({ request }) => {
        // The multipart body as sent (jsdom's files reach it without their names): the page is told by its bytes.
        const body = await request.text();
        if (body.includes('<html>')) {
          return HttpResponse.json(
            {
              statusCode: 400,
              code: 'file_format',
              message: 'Неверный формат файла: фото JPEG, PNG или WebP, видео MP4, WebM или MOV',
            },
            { status: 400 },
          );
        }
        attempts += 1;
        if (attempts === 1)
          return HttpResponse.json(
            { statusCode: 502, code: 'bad_gateway', message: 'Платформа недоступна' },
            { status: 502 },
          );
        return HttpResponse.json(organizerMediaFixture().media[0], { status: 201 });
      }),
    );
    renderPortal(<EventMediaManager competitionId="cup-1" />, { session: club });
    const input = await screen.findByLabelText('Загрузить фото и видео');
    await user.upload(input, [
      new File(['<html>'], 'page.jpg', { type: 'image/jpeg' }),
      new File(['png'], 'start.png', { type: 'image/png' }),
    ]);
    const queue = within(screen.getByRole('list', { name: 'Загрузка файлов' }));
    expect(await queue.findByText(/Неверный формат файла/)).toBeVisible();
    expect(await queue.findByText('Платформа недоступна')).toBeVisible();
    const retries = queue.getAllByRole('button', { name: 'Повторить' });
    expect(retries).toHaveLength(1);
    await user.click(retries[0] as HTMLElement);
    expect(await queue.findByText('Загружено')).toBeVisible();
    expect(queue.getByRole('progressbar', { name: 'Загрузка start.png' })).toHaveAttribute('value', '1');
  });
});
