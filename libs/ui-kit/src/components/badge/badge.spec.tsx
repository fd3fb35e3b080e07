import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Badge } from './badge';

describe('Badge', () => {
  it('says its words, its tone and size only repeating them, and shows a title on pointing', async () => {
    const { container } = render(
      <p>
        <Badge tone="success" size="md" title="Статус: одобрена">
          Заявка подана
        </Badge>
      </p>,
    );
    const badge = screen.getByText('Заявка подана');
    expect(badge).toHaveAttribute('data-tone', 'success');
    expect(badge).toHaveAttribute('data-size', 'md');
    await userEvent.hover(badge);
    expect(screen.getByTitle('Статус: одобрена')).toBe(badge);
    await expectNoSeriousAxeViolations(container);
  });

  it('can be a list item of a tag list', () => {
    render(
      <ul aria-label="Дисциплины">
        <Badge as="li" tone="primary">
          Ката
        </Badge>
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Ката');
    expect(screen.getByRole('listitem')).toHaveAttribute('data-tone', 'primary');
  });
});
