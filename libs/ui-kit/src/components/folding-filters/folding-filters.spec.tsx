import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { stubViewportWidth } from '../../testing/match-media';
import { FoldingFilters } from './folding-filters';

function Filters({ count }: { count: number }) {
  return (
    <FoldingFilters count={count}>
      <label>
        Город <input />
      </label>
    </FoldingFilters>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FoldingFilters', () => {
  it('lays the filters out on a wide screen', () => {
    stubViewportWidth(1280);
    render(<Filters count={1} />);
    expect(screen.getByLabelText('Город')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Фильтры/ })).toBeNull();
  });

  it('folds them on a phone under «Фильтры» with how many are set', async () => {
    stubViewportWidth(375);
    const { container } = render(<Filters count={2} />);
    const header = screen.getByRole('button', { name: 'Фильтры (2)' });
    expect(screen.getByLabelText('Город')).not.toBeVisible();
    await userEvent.click(header);
    expect(screen.getByLabelText('Город')).toBeVisible();
    await expectNoSeriousAxeViolations(container);
  });

  it('says only «Фильтры» while none is set', () => {
    stubViewportWidth(375);
    render(<Filters count={0} />);
    expect(screen.getByRole('button', { name: 'Фильтры' })).toBeInTheDocument();
  });
});
