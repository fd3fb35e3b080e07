import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { ExpandablePanel, type ExpandablePanelProps } from './expandable-panel';

function Page(props: Partial<ExpandablePanelProps>) {
  return (
    <div>
      <p>Снаружи</p>
      <ExpandablePanel title="Фильтры" {...props}>
        <label>
          Город <input />
        </label>
      </ExpandablePanel>
    </div>
  );
}

const header = () => screen.getByRole('button', { name: 'Фильтры' });

describe('ExpandablePanel', () => {
  it('expands and collapses from its header', async () => {
    const { container } = render(<Page />);
    expect(header()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Город')).not.toBeVisible();
    await userEvent.click(header());
    expect(header()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Город')).toBeVisible();
    await expectNoSeriousAxeViolations(container);
    await userEvent.click(header());
    expect(header()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on an outside click but not on a click inside', async () => {
    render(<Page defaultOpen />);
    await userEvent.click(screen.getByLabelText('Город'));
    expect(header()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByText('Снаружи'));
    expect(header()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open on outside clicks when persistent', async () => {
    render(<Page defaultOpen persistent />);
    await userEvent.click(screen.getByText('Снаружи'));
    expect(header()).toHaveAttribute('aria-expanded', 'true');
  });

  it('never opens when disabled', async () => {
    const onOpenChange = vi.fn();
    render(<Page disabled defaultOpen onOpenChange={onOpenChange} />);
    expect(header()).toBeDisabled();
    expect(header()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(header());
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('can be controlled', async () => {
    const onOpenChange = vi.fn();
    render(<Page open onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByText('Снаружи'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(header()).toHaveAttribute('aria-expanded', 'true');
  });
});
