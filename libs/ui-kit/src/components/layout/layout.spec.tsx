import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Card, Cluster, Section, Stack } from './layout';

describe('layout pieces', () => {
  it('a section is a region named by its heading, with its action on the title row', async () => {
    const onCreate = vi.fn();
    const { container } = render(
      <Section
        title="Мои мероприятия"
        titleAs="h3"
        actions={
          <button type="button" onClick={onCreate}>
            Создать мероприятие
          </button>
        }
      >
        <Stack as="ul" gap={3}>
          <Card as="li" aria-label="Кубок клуба">
            Кубок клуба
          </Card>
          <Card as="li" aria-label="Первенство города" padding="fluid" elevated>
            Первенство города
          </Card>
        </Stack>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Мои мероприятия' });
    expect(within(region).getByRole('heading', { level: 3, name: 'Мои мероприятия' })).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Создать мероприятие' }));
    expect(onCreate).toHaveBeenCalledOnce();
    const items = within(within(region).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Кубок клуба',
      'Первенство города',
    ]);
    expect(items[1]).toHaveAttribute('data-padding', 'fluid');
    expect(items[1]).toHaveAttribute('data-elevated');
    await expectNoSeriousAxeViolations(container);
  });

  it('passes the caller’s class and attributes through, keeping its own', () => {
    render(
      <Cluster as="nav" aria-label="Действия" justify="between" gap={3} rowGap={1} className="mine">
        <a href="/a">Первая</a>
      </Cluster>,
    );
    const nav = screen.getByRole('navigation', { name: 'Действия' });
    expect(nav.className).toMatch(/mine/);
    expect(nav.className.split(' ')).toHaveLength(2);
    expect(nav).toHaveAttribute('data-justify', 'between');
    expect(nav).toHaveAttribute('data-row-gap', '1');
  });
});
