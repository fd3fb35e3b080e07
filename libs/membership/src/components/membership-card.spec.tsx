import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  membershipStatusFixture,
  platformScript,
  renderPortal,
  seasonTermUntil,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import type { MembershipStatus } from '@fed/contracts';
import { MembershipCard, publicProfileUrl } from './membership-card';

const server = setupPortalServer();

/** A member through season 2026, renewing for 2027. */
const status = (overrides: Partial<MembershipStatus> = {}): MembershipStatus =>
  membershipStatusFixture({
    termUntil: seasonTermUntil(2026),
    active: true,
    membershipNumber: '0001234',
    season: 2027,
    requirements: [],
    ...overrides,
  });

const serve = (answer: MembershipStatus) =>
  server.use(platformScript('getMembershipStatus', () => HttpResponse.json({ success: true, data: answer })));

describe('MembershipCard', () => {
  it('shows the valid membership: name, photo, number, term and the QR code of the public page', async () => {
    serve(status());
    renderPortal(<MembershipCard sportsmanId="sp-1" />, {
      session: signedInAs('sp-1', 'sportsman', {
        user: {
          id: 'sp-1',
          contractorType: 'sportsman',
          displayName: 'Волкова Екатерина Сергеевна',
          avatarUrl: 'file-photo',
          gender: 'female',
          ageClass: null,
        },
      }),
    });
    const card = await screen.findByRole('article');
    expect(screen.getByRole('heading', { name: 'Членский билет' })).toBeVisible();
    expect(card).toHaveTextContent('Волкова Екатерина Сергеевна');
    // The number the platform gave the member, not the registry's id of the athlete.
    expect(card).toHaveTextContent('Номер0001234');
    expect(card).not.toHaveTextContent('SP-1');
    expect(card).toHaveTextContent('Действует до31 декабря 2026');
    expect(screen.getByRole('img', { name: 'Волкова Екатерина Сергеевна' })).toHaveAttribute(
      'src',
      expect.stringContaining('/file/file-photo'),
    );
    const qr = await screen.findByRole('img', { name: 'QR-код страницы спортсмена в реестре федерации' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('draws the QR code in a render after the card’s, in a square of its size kept for it till then', async () => {
    serve(status());
    // What the card's figure held, commit by commit.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const drawn = document.querySelector('figure svg');
      const now = !drawn
        ? null
        : drawn.getAttribute('role') === 'img'
          ? 'qr'
          : `square ${drawn.getAttribute('width')}×${drawn.getAttribute('height')} ${drawn.getAttribute('aria-hidden')}`;
      if (now && seen.at(-1) !== now) seen.push(now);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderPortal(<MembershipCard sportsmanId="sp-1" />, { session: signedInAs('sp-1') });
    const qr = await screen.findByRole('img', { name: /^QR-код/ });
    observer.disconnect();
    expect(seen).toEqual(['square 112×112 true', 'qr']);
    expect(qr).toHaveAttribute('width', '112');
    expect(qr).toHaveAttribute('height', '112');
  });

  it('leads the QR code to the athlete’s page in the registry', () => {
    expect(publicProfileUrl('sp 1', 'https://portal.example')).toBe('https://portal.example/profile/sp%201');
  });

  it('prints the card alone', async () => {
    const user = userEvent.setup();
    serve(status());
    const printed: Array<string | undefined> = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.documentElement.dataset['printing']);
    });
    renderPortal(<MembershipCard sportsmanId="sp-1" />, { session: signedInAs('sp-1') });
    await user.click(await screen.findByRole('button', { name: 'Распечатать билет' }));
    expect(printed).toEqual(['membershipCard']);
    expect(document.documentElement.dataset['printing']).toBeUndefined();
  });

  it('shows nothing without a valid membership', async () => {
    const asked = platformScript('getMembershipStatus', () =>
      HttpResponse.json({
        success: true,
        data: status({ active: false, termUntil: '2026-11-06T17:59:00.000Z' }),
      }),
    );
    server.use(asked);
    const { container } = renderPortal(<MembershipCard sportsmanId="sp-1" />, {
      session: signedInAs('sp-1'),
    });
    await vi.waitFor(() => expect(asked.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
