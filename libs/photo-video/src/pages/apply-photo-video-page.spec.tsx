import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  orderFixture,
  ordersApiHandlers,
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import { offerFixture, saleFixture } from '../testing/fixtures';
import { ApplyPhotoVideoPage, EditPhotoVideoPage } from './apply-photo-video-page';

const server = setupPortalServer();
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

describe('ApplyPhotoVideoPage', () => {
  it('offers a package per performance at the event’s prices, counts the total, and pays one order', async () => {
    const user = userEvent.setup();
    const offer = platformScript('getPhotoVideoOffer', () =>
      HttpResponse.json({ success: true, data: offerFixture() }),
    );
    const create = platformScript('createPhotoVideoSales', (input) =>
      HttpResponse.json({
        success: true,
        result: input.items.map((item, index) =>
          saleFixture({ __id: `sale-${index}`, request: [`req-${index}`], program: [item.programId] }),
        ),
        total: input.items.length,
      }),
    );
    const orders = ordersApiHandlers({ create: () => orderFixture({ id: 'order-7' }) });
    server.use(offer, create, ...orders.handlers);
    renderPortal(<ApplyPhotoVideoPage />, {
      session: signedInAs('son-1'),
      route: '/apply/photo-video/:id',
      path: '/apply/photo-video/cup-1',
    });

    expect(await screen.findByRole('heading', { name: 'Кубок СК «Сэнсэй» среди юношей' })).toBeVisible();
    expect(offer.calls[0]).toEqual({ sportsmanId: 'son-1', competitionId: 'cup-1' });
    const submit = screen.getByRole('button', { name: 'Оформить и оплатить' });
    expect(submit).toBeDisabled();
    const kata = within(screen.getByText('Ката, 12–13 лет').closest('li') as HTMLElement);
    const kumite = within(screen.getByText('Кумитэ, юноши −45 кг').closest('li') as HTMLElement);
    await user.click(kata.getByRole('radio', { name: /^Фото — 600\s₽$/ }));
    await user.click(kumite.getByRole('radio', { name: /^Фото и видео — 1\s400\s₽$/ }));
    expect(screen.getByText(/Итого/)).toHaveTextContent(/Итого: 2\s000\s₽/);
    await user.click(submit);

    await screen.findByText('Страница /order/order-7');
    expect(create.calls[0]).toEqual({
      sportsmanId: 'son-1',
      competitionId: 'cup-1',
      items: [
        { entryId: 'entry-1', programId: 'kata', package: 'photo' },
        { entryId: 'entry-1', programId: 'kumite', package: 'photo_video' },
      ],
    });
    expect(orders.fake.created).toEqual([{ requestIds: ['req-0', 'req-1'] }]);
  });

  it('keeps the choices and says why when the order is refused', async () => {
    const user = userEvent.setup();
    server.use(
      platformScript('getPhotoVideoOffer', () => HttpResponse.json({ success: true, data: offerFixture() })),
      platformScript('createPhotoVideoSales', () =>
        apiError(400, '«Ката»: уже заказано — измените или отмените тот заказ'),
      ),
    );
    renderPortal(<ApplyPhotoVideoPage />, {
      session: signedInAs('son-1'),
      route: '/apply/photo-video/:id',
      path: '/apply/photo-video/cup-1',
    });
    const kata = within((await screen.findByText('Ката, 12–13 лет')).closest('li') as HTMLElement);
    await user.click(kata.getByRole('radio', { name: /^Видео — 1\s000\s₽$/ }));
    await user.click(screen.getByRole('button', { name: 'Оформить и оплатить' }));
    expect(await screen.findByText(/уже заказано/)).toBeVisible();
    expect(kata.getByRole('radio', { name: /^Видео — 1\s000\s₽$/ })).toBeChecked();
  });

  it('says why nothing can be ordered at an event that sells none', async () => {
    server.use(
      platformScript('getPhotoVideoOffer', () =>
        HttpResponse.json({
          success: true,
          data: offerFixture({
            photoVideoSale: false,
            performances: [],
            reasons: ['На этом мероприятии фото и видео не продаются'],
          }),
        }),
      ),
    );
    renderPortal(<ApplyPhotoVideoPage />, {
      session: signedInAs('son-1'),
      route: '/apply/photo-video/:id',
      path: '/apply/photo-video/cup-1',
    });
    expect(await screen.findByText('На этом мероприятии фото и видео не продаются')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Оформить и оплатить' })).toBeNull();
  });
});

describe('EditPhotoVideoPage', () => {
  it('opens the sale’s order with its package, changes it and withdraws another', async () => {
    const user = userEvent.setup();
    const ordered = saleFixture();
    const other = saleFixture({
      __id: 'sale-2',
      request: ['req-2'],
      program: ['kumite'],
      package: [{ code: 'video', name: 'Видео' }],
    });
    const offer = offerFixture({
      performances: [
        { entryId: 'entry-1', programId: 'kata', programName: 'Ката, 12–13 лет', sale: ordered },
        { entryId: 'entry-1', programId: 'kumite', programName: 'Кумитэ, юноши −45 кг', sale: other },
      ],
    });
    const update = platformScript('updatePhotoVideoSale', (input) =>
      HttpResponse.json({
        success: true,
        data: saleFixture({ package: [{ code: input.package, name: 'x' }] }),
      }),
    );
    const cancel = platformScript('cancelSales', () =>
      HttpResponse.json({ success: true, data: { ...other, status: 'cancelled', refund: null } }),
    );
    const orders = ordersApiHandlers();
    server.use(
      platformScript('getPhotoVideoSale', () => HttpResponse.json({ success: true, data: ordered })),
      platformScript('getPhotoVideoOffer', () => HttpResponse.json({ success: true, data: offer })),
      update,
      cancel,
      ...orders.handlers,
    );
    renderPortal(<EditPhotoVideoPage />, {
      session: signedInAs('son-1'),
      route: '/apply/photo-video/edit/:id',
      path: '/apply/photo-video/edit/sale-1',
    });
    const kata = within((await screen.findByText('Ката, 12–13 лет')).closest('li') as HTMLElement);
    expect(kata.getByRole('radio', { name: /^Фото — 600\s₽$/ })).toBeChecked();
    await user.click(kata.getByRole('radio', { name: /^Фото и видео — 1\s400\s₽$/ }));
    const kumite = within(screen.getByText('Кумитэ, юноши −45 кг').closest('li') as HTMLElement);
    await user.click(kumite.getByRole('radio', { name: 'Не нужно' }));
    expect(screen.getByText(/Итого/)).toHaveTextContent(/Итого: 1\s400\s₽/);
    await user.click(screen.getByRole('button', { name: 'Оформить и оплатить' }));
    await screen.findByText('Страница /order/order-1');
    expect(cancel.calls).toEqual([{ saleId: 'sale-2' }]);
    expect(update.calls).toEqual([{ saleId: 'sale-1', package: 'photo_video' }]);
    await waitFor(() => expect(orders.fake.created).toEqual([{ requestIds: ['req-1'] }]));
  });
});
