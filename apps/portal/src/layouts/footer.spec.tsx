import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '@fed/auth-session/testing';
import { fixedClock } from '@fed/calendar';
import { site } from '../app/site';
import { offerDocuments } from '../testing/portal-server';
import { Footer } from './footer';

const renderFooter = (path: string) => renderPortal(<Footer />, { path });

describe('footer', () => {
  it('lists the legal documents from the platform, each opening /documents/{id} in a new tab', async () => {
    renderFooter('/competitions');
    const documents = await screen.findByRole('region', { name: 'Документы' });
    const links = within(documents).getAllByRole('link');
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]),
    ).toEqual(offerDocuments.map((document) => [document.__name, `/documents/${document.__id}`, '_blank']));
  });

  it('has support, e-mail, social link, the year and company details; the insurer notice on / only', () => {
    renderFooter('/competitions');
    expect(screen.getByRole('link', { name: 'Техническая поддержка' })).toHaveAttribute(
      'href',
      site.supportUrl,
    );
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    // The test clock's year.
    expect(screen.getByText(`© 2026 ${site.name}`)).toBeInTheDocument();
    expect(screen.getByText(site.companyDetails)).toBeInTheDocument();
    expect(screen.queryByText(site.insurerNotice)).toBeNull();
  });

  it('turns the year at Moscow’s midnight: 21:30 UTC on 31 December is already the new year', () => {
    renderPortal(<Footer />, { path: '/', clock: fixedClock('2026-12-31T21:30:00Z') });
    expect(screen.getByText(`© 2027 ${site.name}`)).toBeInTheDocument();
  });

  it('keeps the old year until then: 23:59 on 31 December in Moscow', () => {
    renderPortal(<Footer />, { path: '/', clock: fixedClock('2026-12-31T20:59:00Z') });
    expect(screen.getByText(`© 2026 ${site.name}`)).toBeInTheDocument();
  });

  it('shows the insurer licence notice on the home page', () => {
    renderFooter('/');
    expect(screen.getByText(site.insurerNotice)).toBeInTheDocument();
  });
});
