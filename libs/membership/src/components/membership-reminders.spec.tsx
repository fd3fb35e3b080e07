import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { platformScript, renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import type { MembershipReminder } from '@fed/contracts';
import { MembershipReminders } from './membership-reminders';

const server = setupPortalServer();

const reminder = (overrides: Partial<MembershipReminder>): MembershipReminder => ({
  kind: 'expires_soon',
  message: 'Членство закончится 31.12.2026: продлите его',
  termUntil: '2026-12-31T20:59:59.000Z',
  competitionId: null,
  competitionName: null,
  competitionDate: null,
  ...overrides,
});

function serve(reminders: MembershipReminder[]) {
  const asked = platformScript('getMembershipReminders', () =>
    HttpResponse.json({ success: true, result: reminders, total: reminders.length }),
  );
  server.use(asked);
  return asked;
}

describe('MembershipReminders', () => {
  it('warns before an event the athlete entered and before the term ends, each with the way to renew', async () => {
    const asked = serve([
      reminder({
        kind: 'expires_before_event',
        message: 'Членство закончится до начала турнира «Кубок ФКЕ» (10.01.2027): продлите его',
        competitionId: 'ev-2',
        competitionName: 'Кубок ФКЕ',
        competitionDate: '2027-01-10T07:00:00.000Z',
      }),
      reminder({}),
    ]);
    renderPortal(<MembershipReminders sportsmanId="sp-1" />, { session: signedInAs('sp-1') });
    const region = await screen.findByRole('region', { name: 'Напоминания о членстве' });
    expect(within(region).getByText('Членство закончится до начала турнира')).toBeVisible();
    expect(within(region).getByText(/«Кубок ФКЕ» \(10\.01\.2027\)/)).toBeVisible();
    expect(within(region).getByText('Членство скоро закончится')).toBeVisible();
    for (const link of within(region).getAllByRole('link', { name: 'Продлить членство' }))
      expect(link).toHaveAttribute('href', '/apply-membership/sp-1');
    expect(asked.calls).toEqual([{ sportsmanId: 'sp-1' }]);
  });

  it('says nothing when there is nothing to say', async () => {
    const asked = serve([]);
    const { container } = renderPortal(<MembershipReminders sportsmanId="sp-1" />, {
      session: signedInAs('sp-1'),
    });
    await vi.waitFor(() => expect(asked.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
