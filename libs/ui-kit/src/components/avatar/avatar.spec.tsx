import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Avatar, avatarPlaceholder } from './avatar';

describe('avatarPlaceholder', () => {
  it.each([
    ['organization', undefined, 'organization'],
    ['organization', 'female', 'organization'],
    ['sportsman', 'female', 'sportsman-female'],
    ['sportsman', 'male', 'sportsman-male'],
    ['sportsman', null, 'sportsman-neutral'],
    ['sportsman', undefined, 'sportsman-neutral'],
  ] as const)('%s / %s → %s', (role, gender, kind) => {
    expect(avatarPlaceholder(role, gender)).toBe(kind);
  });
});

describe('Avatar', () => {
  it('shows the photo with the name as its alternative', async () => {
    const { container } = render(
      <Avatar src="/img/ivanov.jpg" name="Иванов Пётр" role="sportsman" gender="male" />,
    );
    expect(screen.getByRole('img', { name: 'Иванов Пётр' })).toHaveAttribute('src', '/img/ivanov.jpg');
    await expectNoSeriousAxeViolations(container);
  });

  it('falls back to the placeholder by role and gender when there is no picture or it breaks', async () => {
    const { container, rerender } = render(<Avatar name="Петрова Анна" role="sportsman" gender="female" />);
    expect(screen.getByRole('img', { name: 'Петрова Анна' })).toHaveAttribute(
      'data-placeholder',
      'sportsman-female',
    );
    await expectNoSeriousAxeViolations(container);

    rerender(<Avatar src="/img/broken.png" name="СК «Олимп»" role="organization" />);
    fireEvent.error(screen.getByRole('img', { name: 'СК «Олимп»' }));
    expect(screen.getByRole('img', { name: 'СК «Олимп»' })).toHaveAttribute(
      'data-placeholder',
      'organization',
    );
  });

  it('draws a neutral figure, without hair, when the gender is unknown (withheld from the viewer)', async () => {
    const { container } = render(<Avatar name="Соколова Алиса" role="sportsman" gender={null} />);
    const picture = screen.getByRole('img', { name: 'Соколова Алиса' });
    expect(picture).toHaveAttribute('data-placeholder', 'sportsman-neutral');
    // Head and shoulders alone: the male cap and the female hair are two more paths.
    expect(picture.querySelectorAll('path')).toHaveLength(1);
    expect(picture.querySelectorAll('circle')).toHaveLength(1);
    await expectNoSeriousAxeViolations(container);
  });

  it('is hidden from screen readers when decorative', () => {
    render(<Avatar name="Иванов Пётр" role="sportsman" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
