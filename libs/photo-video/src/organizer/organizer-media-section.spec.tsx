import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { platformScript, renderPortal, setupPortalServer, signedInAs } from '@fed/auth-session/testing';
import type { EventSummary } from '@fed/contracts';
import { organizerMediaFixture } from '../testing/fixtures';
import { OrganizerMediaSection } from './organizer-media-section';

const server = setupPortalServer();

const event = (id: string, name: string, sells: boolean) =>
  ({
    __id: id,
    __name: name,
    date_start: '2026-12-06T07:00:00.000Z',
    date_end: '2026-12-06T15:00:00.000Z',
    photo_video_sale: sells,
  }) as unknown as EventSummary;

describe('OrganizerMediaSection', () => {
  it('lists the club’s events that sell photos and videos, and opens one’s media on demand', async () => {
    const user = userEvent.setup();
    const events = platformScript('getEvents', () =>
      HttpResponse.json({
        success: true,
        result: [event('cup-1', 'Осенний кубок', true), event('ev-2', 'Турнир без съёмки', false)],
        total: 2,
      }),
    );
    let mediaRead = 0;
    server.use(
      events,
      http.get('*/api/media/events/cup-1', () => {
        mediaRead += 1;
        return HttpResponse.json(organizerMediaFixture());
      }),
    );
    renderPortal(<OrganizerMediaSection />, { session: signedInAs('club-1', 'organization') });

    const opener = await screen.findByRole('button', { name: /Осенний кубок/ });
    expect(events.calls[0]).toMatchObject({ organizerId: 'club-1', when: 'all' });
    expect(screen.queryByText('Турнир без съёмки')).toBeNull();
    expect(mediaRead).toBe(0);
    await user.click(opener);
    expect(await screen.findByRole('list', { name: 'Выступления мероприятия' })).toBeVisible();
    expect(mediaRead).toBe(1);
  });
});
