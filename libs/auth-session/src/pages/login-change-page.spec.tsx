import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginChangePage } from './login-change-page';
import { fakeAccessToken, platformRecords, renderPortal, setupPortalServer } from '../testing';

const token = fakeAccessToken({
  Sportsman: 'a-1',
  ContractorType: 'sportsman',
  exp: Math.floor(Date.now() / 1000) + 900,
});
const sent: Record<string, unknown[]> = {};

const server = setupPortalServer(
  platformRecords('sportsman'),
  http.get('*/api/auth/LinkedAccounts', () =>
    HttpResponse.json({
      data: [{ id: 'a-1', fio: 'Орлова Дарья', avatar: null, gender: { code: 'female' } }],
    }),
  ),
  http.get('*/api/proxy', () =>
    HttpResponse.json({ success: true, item: { __id: 'a-1', __name: 'Орлова' } }),
  ),
);
afterEach(() => {
  for (const key of Object.keys(sent)) delete sent[key];
});

function record(path: string, answer: () => Response) {
  return http.post(`*/api/auth/${path}`, async ({ request }) => {
    (sent[path] ??= []).push(await request.json());
    return answer();
  });
}

const codeSent = () =>
  HttpResponse.json({ data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } });

describe('LoginChangePage', () => {
  it('refuses the same number twice, then moves the login with both codes and signs in', async () => {
    server.use(
      record('ChangePhone', codeSent),
      record('ChangePhoneConfirm', () => HttpResponse.json({ data: { Token: token, RefreshToken: 'r-1' } })),
    );
    const user = userEvent.setup();
    const { router, store } = renderPortal(<LoginChangePage />, { path: '/login-change' });
    await user.type(screen.getByRole('textbox', { name: /Прежний номер/ }), '9001112233');
    await user.type(screen.getByRole('textbox', { name: /Новый номер/ }), '9001112233');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Новый номер/ })).toHaveAccessibleDescription(
        'Новый номер совпадает с прежним',
      ),
    );
    expect(screen.getByRole('button', { name: 'Получить коды' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: /Новый номер/ }));
    await user.type(screen.getByRole('textbox', { name: /Новый номер/ }), '9004445566');
    await user.click(screen.getByRole('button', { name: 'Получить коды' }));
    expect(sent['ChangePhone']).toEqual([{ oldPhone: '+79001112233', newPhone: '+79004445566' }]);

    await user.type(await screen.findByRole('textbox', { name: /Код с номера \+7.*111-22-33/ }), '111111');
    await user.type(screen.getByRole('textbox', { name: /Код с номера \+7.*444-55-66/ }), '222222');
    await user.click(screen.getByRole('button', { name: 'Сменить номер' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sent['ChangePhoneConfirm']).toEqual([
      { oldPhone: '+79001112233', newPhone: '+79004445566', oldCode: '111111', newCode: '222222' },
    ]);
    expect(store.getState().session.tokens?.token).toBe(token);
  });

  it('shows a wrong code under its field and goes back with both numbers kept', async () => {
    server.use(
      record('ChangePhone', codeSent),
      record('ChangePhoneConfirm', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'code_invalid',
            message: 'Неверный код',
            fieldErrors: { newCode: ['Неверный код'] },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPortal(<LoginChangePage />, { path: '/login-change' });
    await user.type(screen.getByRole('textbox', { name: /Прежний номер/ }), '9001112233');
    await user.type(screen.getByRole('textbox', { name: /Новый номер/ }), '9004445566');
    await user.click(screen.getByRole('button', { name: 'Получить коды' }));
    const newCode = await screen.findByRole('textbox', { name: /Код с номера \+7.*444-55-66/ });
    await user.type(screen.getByRole('textbox', { name: /Код с номера \+7.*111-22-33/ }), '111111');
    await user.type(newCode, '999999');
    await user.click(screen.getByRole('button', { name: 'Сменить номер' }));
    await waitFor(() => expect(newCode).toHaveAccessibleDescription('Неверный код'));

    await user.click(screen.getByRole('button', { name: 'Изменить номера' }));
    expect(screen.getByRole('textbox', { name: /Прежний номер/ })).toHaveValue('(900) 111-22-33');
    expect(screen.getByRole('textbox', { name: /Новый номер/ })).toHaveValue('(900) 444-55-66');
  });
});
