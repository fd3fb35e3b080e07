import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('opens on keyboard focus below its trigger with an arrow, and names the trigger', async () => {
    const { container } = render(
      <Tooltip content="Взнос оплачивается один раз в год">
        <button type="button">Членский взнос</button>
      </Tooltip>,
    );
    await userEvent.tab();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Взнос оплачивается один раз в год');
    const content = document.querySelector('[data-side]');
    expect(content).toHaveAttribute('data-side', 'bottom');
    expect(content?.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Членский взнос' })).toHaveAccessibleDescription(
      'Взнос оплачивается один раз в год',
    );
    await expectNoSeriousAxeViolations(container);
  });

  it('renders HTML content sanitized', async () => {
    render(
      <Tooltip
        open
        content={'<b>Важно:</b> до 1 марта <img src=x onerror="alert(1)"><script>alert(1)</script>'}
      >
        <button type="button">?</button>
      </Tooltip>,
    );
    const content = document.querySelector('[data-side]');
    expect(content?.querySelector('b')).toHaveTextContent('Важно:');
    expect(content?.querySelector('script, img, [onerror]')).toBeNull();
  });

  it('shows strings as text when HTML is off, and honours side and arrow', () => {
    render(
      <Tooltip open allowHtml={false} side="top" arrow={false} content="<b>как есть</b>">
        <button type="button">?</button>
      </Tooltip>,
    );
    const content = document.querySelector('[data-side]');
    expect(content).toHaveAttribute('data-side', 'top');
    expect(content?.querySelector('b')).toBeNull();
    expect(content).toHaveTextContent('<b>как есть</b>');
    expect(content?.querySelector('svg')).toBeNull();
  });
});
