import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { RegisterOrgPage } from './register-org-page';
import { fakeAccessToken, platformRecords, renderPortal, setupPortalServer } from '../testing';

const token = fakeAccessToken({
  Organization: 'org-1',
  ContractorType: 'organization',
  exp: Math.floor(Date.now() / 1000) + 900,
});
const kazan = { value: 'г Казань', data: { city: 'Казань', settlement: null } };
const sinken = { value: 'ООО «Синкэн»', data: { inn: '1655000003', ogrn: '1021602833392' } };
const sent: Record<string, unknown[]> = {};

const server = setupPortalServer(
  platformRecords('sportsman'),
  http.post('*/api/dadata/address', () => HttpResponse.json({ suggestions: [kazan] })),
  http.post('*/api/dadata/party', () => HttpResponse.json({ suggestions: [sinken] })),
  http.post('*/api/auth/PhoneStatus', () => HttpResponse.json({ data: { registered: false } })),
  http.get('*/api/proxy', () =>
    HttpResponse.json({ success: true, item: { __id: 'org-1', __name: 'Синкэн' } }),
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

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('RegisterOrgPage', () => {
  it('fills name and INN from a party suggestion, confirms the code and lands on /profile', async () => {
    server.use(
      record('RegisterOrganization', () =>
        HttpResponse.json({ data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } }),
      ),
      record('RegisterUserConfirm', () => HttpResponse.json({ data: { Token: token, RefreshToken: 'r-1' } })),
    );
    const user = userEvent.setup();
    const { router } = renderPortal(<RegisterOrgPage />, { path: '/register-org' });
    expect(screen.getByRole('link', { name: 'соглашение организации' })).toHaveAttribute(
      'href',
      `/documents/${sandboxPublicConfig.offerDocumentIds.organization}`,
    );

    await user.type(field(/Телефон/), '9005554400');
    await user.type(screen.getByRole('combobox', { name: /Поиск организации/ }), 'синкэн');
    await user.click(await screen.findByRole('option', { name: 'ООО «Синкэн»' }));
    expect(field(/Название организации/)).toHaveValue('ООО «Синкэн»');
    expect(field(/ИНН/)).toHaveValue('1655000003');
    await user.type(screen.getByRole('combobox', { name: /Город/ }), 'каз');
    await user.click(await screen.findByRole('option', { name: /Казань/ }));
    await user.type(field(/Электронная почта/), 'club@sinken.example');
    await user.type(field(/Контактное лицо/), 'Орлов Пётр Ильич');
    const submit = screen.getByRole('button', { name: 'Получить код' });
    await user.click(screen.getByRole('checkbox', { name: /пользовательское соглашение/ }));
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /соглашение организации/ }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '424242');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sent['RegisterOrganization']).toEqual([
      {
        phone: '+79005554400',
        organization: {
          name: 'ООО «Синкэн»',
          inn: '1655000003',
          city: 'Казань',
          email: 'club@sinken.example',
          contactPerson: 'Орлов Пётр Ильич',
        },
        acceptUserAgreement: true,
        acceptOrganizationAgreement: true,
      },
    ]);
  });

  it('shows the rules under the fields and the server’s INN error, keeping what was typed', async () => {
    server.use(
      record('RegisterOrganization', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'validation_failed',
            message: 'Неверные данные',
            fieldErrors: { 'organization.inn': ['Организация с этим ИНН уже зарегистрирована'] },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPortal(<RegisterOrgPage />, { path: '/register-org' });
    await user.type(field(/Электронная почта/), 'not-an-email');
    await user.tab();
    await waitFor(() =>
      expect(field(/Электронная почта/)).toHaveAccessibleDescription('Неверный формат почты'),
    );
    await user.type(field(/ИНН/), '1234567890');
    await user.tab();
    await waitFor(() => expect(field(/ИНН/)).toHaveAccessibleDescription('Неверный ИНН'));

    // The contact person is a full name by the spec's name pattern: no digits.
    await user.type(field(/Контактное лицо/), 'Петр0в Илья');
    await user.tab();
    await waitFor(() =>
      expect(field(/Контактное лицо/)).toHaveAccessibleDescription('Только буквы, пробел и дефис'),
    );
    await user.clear(field(/Контактное лицо/));

    await user.clear(field(/ИНН/));
    await user.type(field(/ИНН/), '1655000003');
    await user.clear(field(/Электронная почта/));
    await user.type(field(/Электронная почта/), 'club@sinken.example');
    await user.type(field(/Телефон/), '9005554400');
    await user.type(field(/Название организации/), 'Синкэн');
    await user.type(screen.getByRole('combobox', { name: /Город/ }), 'каз');
    await user.click(await screen.findByRole('option', { name: /Казань/ }));
    await user.type(field(/Контактное лицо/), 'Орлов Пётр Ильич');
    await user.click(screen.getByRole('checkbox', { name: /пользовательское соглашение/ }));
    await user.click(screen.getByRole('checkbox', { name: /соглашение организации/ }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    await waitFor(() =>
      expect(field(/ИНН/)).toHaveAccessibleDescription('Организация с этим ИНН уже зарегистрирована'),
    );
    expect(field(/Контактное лицо/)).toHaveValue('Орлов Пётр Ильич');
  });

  it('says at the phone that the number is already registered, from the check and from the refusal', async () => {
    const known = '+79005554400';
    server.use(
      http.post('*/api/auth/PhoneStatus', async ({ request }) => {
        const { phone } = (await request.json()) as { phone: string };
        return HttpResponse.json({ data: { registered: phone === known } });
      }),
      // Registered meanwhile: the refusal comes before any code.
      record('RegisterOrganization', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'phone_taken',
            message: 'Этот номер уже зарегистрирован',
            fieldErrors: { phone: ['Этот номер уже зарегистрирован'] },
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPortal(<RegisterOrgPage />, { path: '/register-org' });

    await user.type(field(/Телефон/), '9005554400');
    const title = await screen.findByText('Этот номер уже зарегистрирован');
    const notice = title.closest<HTMLElement>('[role="status"]');
    expect(notice).not.toBeNull();
    expect(
      within(notice as HTMLElement).getByRole('link', { name: 'Войти по этому номеру' }),
    ).toHaveAttribute('href', '/login');

    await user.type(field(/Телефон/), '{Backspace}1');
    await waitFor(() => expect(screen.queryByText('Этот номер уже зарегистрирован')).toBeNull());
    await user.type(field(/Название организации/), 'Синкэн');
    await user.type(field(/ИНН/), '1655000003');
    await user.type(screen.getByRole('combobox', { name: /Город/ }), 'каз');
    await user.click(await screen.findByRole('option', { name: /Казань/ }));
    await user.type(field(/Электронная почта/), 'club@sinken.example');
    await user.type(field(/Контактное лицо/), 'Орлов Пётр Ильич');
    await user.click(screen.getByRole('checkbox', { name: /пользовательское соглашение/ }));
    await user.click(screen.getByRole('checkbox', { name: /соглашение организации/ }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(await screen.findByText('Этот номер уже зарегистрирован')).toBeVisible();
    expect(field(/Телефон/)).toHaveFocus();
    expect(sent['RegisterOrganization']).toHaveLength(1);
    expect(screen.queryByText(/Мы отправили код/)).toBeNull();
  });
});
