import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Dropdown, type DropdownProps } from './dropdown';

function UserMenu(props: Partial<DropdownProps> & { onLogout?: () => void }) {
  return (
    <div>
      <p>Страница</p>
      <Dropdown
        trigger="Иванов Пётр"
        items={[
          { key: 'switch', label: 'Петрова Анна' },
          { key: 'add', label: 'Добавить нового спортсмена', disabled: true },
          { key: 'logout', label: 'Выйти из аккаунта', danger: true, onSelect: props.onLogout },
        ]}
        {...props}
      />
    </div>
  );
}

const user = () => userEvent.setup();

describe('Dropdown', () => {
  it('opens a keyboard-navigable menu and runs the chosen item', async () => {
    const onLogout = vi.fn();
    render(<UserMenu onLogout={onLogout} />);
    await user().click(screen.getByRole('button', { name: 'Иванов Пётр' }));
    const menu = screen.getByRole('menu');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Петрова Анна',
      'Добавить нового спортсмена',
      'Выйти из аккаунта',
    ]);
    await expectNoSeriousAxeViolations(menu);
    await user().keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on an outside click', async () => {
    render(<UserMenu />);
    await user().click(screen.getByRole('button', { name: 'Иванов Пётр' }));
    await user().click(screen.getByText('Страница'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('stays open on an outside click when persistent', async () => {
    render(<UserMenu persistent />);
    await user().click(screen.getByRole('button', { name: 'Иванов Пётр' }));
    await user().click(screen.getByText('Страница'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('never opens when disabled', async () => {
    render(<UserMenu disabled open />);
    const trigger = screen.getByRole('button', { name: 'Иванов Пётр' });
    expect(trigger).toBeDisabled();
    await user().click(trigger);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
