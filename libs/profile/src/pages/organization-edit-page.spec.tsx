import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiError,
  platformRecords,
  platformScript,
  renderPortal,
  setupPortalServer,
} from '@fed/auth-session/testing';
import type { SportsmanRecord } from '@fed/contracts';
import { ORGANIZATION_PROFILE_FIELDS } from '../own/components/organization-cabinet';
import { CLUB_ID, clubRecord, sberAccount, signedInLogin, VTB, vtbAccount } from '../own/testing/fixtures';
import { recordFieldsOf } from '../own/testing/record-fields';
import { OrganizationEditPage } from './organization-edit-page';

const records: Record<string, SportsmanRecord> = {};
const runBP = platformScript('runBP', () => ({
  success: true,
  data: { processId: 'p-1', process: 'create_sportsman', recordId: CLUB_ID, written: true },
}));
const recordFields = recordFieldsOf(records);

const server = setupPortalServer(
  recordFields,
  platformRecords('sportsman', records),
  runBP,
  http.post('*/api/dadata/address', () => HttpResponse.json({ suggestions: [] })),
);

beforeEach(() => {
  records[CLUB_ID] = clubRecord();
  runBP.calls.length = 0;
  recordFields.calls.length = 0;
});

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Сохранить' });

/** Replaces a field's text at once (typing key by key only costs time here). */
async function enter(user: ReturnType<typeof userEvent.setup>, name: RegExp, text: string) {
  await user.clear(textbox(name));
  if (text) {
    await user.click(textbox(name));
    await user.paste(text);
  }
}

function renderPage() {
  return renderPortal(<OrganizationEditPage />, {
    session: signedInLogin(CLUB_ID, 'organization'),
    route: '/profile/edit',
  });
}

describe('/profile/edit', () => {
  it('opens with the club’s profile filled in, the contact phone in its country’s mask', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Редактирование профиля' })).toBeVisible();
    expect(await screen.findByDisplayValue('СК «Сэнсэй»')).toBeVisible();
    expect(textbox(/Сайт/)).toHaveValue('https://sensei.example');
    expect(screen.getByRole('combobox', { name: /^Город/ })).toHaveValue('Москва');
    expect(screen.getByRole('combobox', { name: /^Адрес/ })).toHaveValue('г Москва, ул Лужники, д 24');
    expect(textbox(/Контактный телефон/)).toHaveValue('(495) 123-45-67');
    expect(textbox(/БИК/)).toHaveValue('044525225');
    expect(textbox(/Расчётный счёт/)).toHaveValue(sberAccount);
    // The club's own record, read by the fields its profile shows and edits (spec §7), the INN not among them.
    expect(recordFields.calls).toEqual([
      { application: 'sportsman', id: CLUB_ID, fields: [...ORGANIZATION_PROFILE_FIELDS] },
    ]);
    expect(recordFields.calls[0]?.fields).not.toContain('inn_a');
  });

  it('refuses an account whose control digit does not fit the BIC, and takes it with its own bank’s BIC', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByDisplayValue('СК «Сэнсэй»');
    // The account of another bank: its control digit does not fit this BIC.
    await enter(user, /Расчётный счёт/, vtbAccount);
    await user.tab();
    expect(await screen.findByText('Неверный расчётный счёт (контрольная цифра)')).toBeVisible();
    expect(textbox(/Расчётный счёт/)).toHaveAccessibleDescription(
      'Неверный расчётный счёт (контрольная цифра)',
    );
    expect(saveButton()).toBeDisabled();

    // The right bank's BIC and correspondent account make it right.
    await enter(user, /БИК/, VTB.bic);
    await enter(user, /Корреспондентский счёт/, VTB.correspondent);
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Неверный расчётный счёт (контрольная цифра)')).toBeNull());
  });

  it('names a malformed BIC, an account left without its bank’s BIC and a correspondent account of no bank', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByDisplayValue('СК «Сэнсэй»');
    await enter(user, /БИК/, '0445252');
    await user.tab();
    expect(await screen.findByText('Неверный БИК')).toBeVisible();
    await enter(user, /БИК/, '');
    await user.tab();
    expect(await screen.findByText('Укажите БИК банка, в котором открыт счёт')).toBeVisible();
    await enter(user, /Корреспондентский счёт/, '40101810400000000225');
    await user.tab();
    expect(await screen.findByText('Корреспондентский счёт начинается с 30101')).toBeVisible();
    expect(saveButton()).toBeDisabled();
    expect(runBP.calls).toHaveLength(0);
  });

  it('saves the organization update context; emptied fields go in fieldsForClear', async () => {
    const user = userEvent.setup();
    const { router, toastTexts } = renderPage();
    await screen.findByDisplayValue('СК «Сэнсэй»');
    await enter(user, /Банк/, VTB.bank);
    await enter(user, /БИК/, VTB.bic);
    await enter(user, /Расчётный счёт/, vtbAccount);
    await enter(user, /Корреспондентский счёт/, VTB.correspondent);
    await enter(user, /Сайт/, '');
    await enter(user, /Контактный телефон/, '');
    await user.click(screen.getByRole('checkbox', { name: /Показывать ссылку ВКонтакте/ }));
    await user.click(saveButton());

    await waitFor(() => expect(runBP.calls).toHaveLength(1));
    // Spec §7: business process create_sportsman of the application sportsman, the organization update context.
    expect(runBP.calls[0]).toEqual({
      application: 'sportsman',
      process: 'create_sportsman',
      context: {
        contractortype: 'organization',
        is_need_update_sportsman: true,
        id: CLUB_ID,
        organisation_name: 'СК «Сэнсэй»',
        gorod: 'Москва',
        fakti_address: 'г Москва, ул Лужники, д 24',
        email: [{ type: 'main', email: 'club@sensei.example' }],
        vk_link: 'https://vk.com/sensei_club',
        vk_link_available: false,
        bank: VTB.bank,
        bic: VTB.bic,
        bank_account: vtbAccount,
        correspondent_account: VTB.correspondent,
        fieldsForClear: ['sait', 'contact_phone'],
      },
    });
    await waitFor(() => expect(toastTexts()).toContain('Профиль организации сохранён'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('keeps every value after a failed save and puts the platform’s refusal under its field', async () => {
    const user = userEvent.setup();
    server.use(
      platformScript('runBP', () =>
        apiError(400, 'bank_account: Неверный расчётный счёт (контрольная цифра)', 'upstream_rejected'),
      ),
    );
    const { router, toastTexts } = renderPage();
    await screen.findByDisplayValue('СК «Сэнсэй»');
    await enter(user, /Название/, 'СК «Сэнсэй-2»');
    await user.click(saveButton());
    await waitFor(() => expect(toastTexts()).toContain('Неверный расчётный счёт (контрольная цифра)'));
    expect(textbox(/Расчётный счёт/)).toHaveAccessibleDescription(
      'Неверный расчётный счёт (контрольная цифра)',
    );
    expect(textbox(/Название/)).toHaveValue('СК «Сэнсэй-2»');
    expect(router.state.location.pathname).toBe('/profile/edit');
  });
});
