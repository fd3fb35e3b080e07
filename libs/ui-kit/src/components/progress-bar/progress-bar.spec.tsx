import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { ProgressBar } from './progress-bar';
import { phaseOnState, type ProgressPhase, type ProgressState } from './progress-phase';

const bar = () => screen.getByRole('progressbar', { hidden: true });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('ProgressBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows only after the 200 ms throttle, completes, fades after 500 ms and resets after 400 ms', async () => {
    const { rerender, container } = render(<ProgressBar state="idle" />);
    expect(bar()).toHaveAttribute('data-phase', 'hidden');

    rerender(<ProgressBar state="loading" />);
    advance(199);
    expect(bar()).toHaveAttribute('data-phase', 'pending');
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
    advance(1);
    expect(bar()).toHaveAttribute('data-phase', 'running');
    expect(screen.getByRole('progressbar', { name: 'Загрузка страницы' })).toBeVisible();

    rerender(<ProgressBar state="finished" />);
    expect(bar()).toHaveAttribute('data-phase', 'done');
    advance(499);
    expect(bar()).toHaveAttribute('data-phase', 'done');
    advance(1);
    expect(bar()).toHaveAttribute('data-phase', 'fading');
    advance(399);
    expect(bar()).toHaveAttribute('data-phase', 'fading');
    advance(1);
    expect(bar()).toHaveAttribute('data-phase', 'hidden');

    vi.useRealTimers();
    await expectNoSeriousAxeViolations(container);
  });

  it('never shows for a load shorter than the throttle', () => {
    const { rerender } = render(<ProgressBar state="idle" />);
    rerender(<ProgressBar state="loading" />);
    advance(150);
    rerender(<ProgressBar state="idle" />);
    expect(bar()).toHaveAttribute('data-phase', 'hidden');
    advance(1000);
    expect(bar()).toHaveAttribute('data-phase', 'hidden');
  });

  it('turns red on an error, then fades and resets like a finished load', () => {
    const { rerender } = render(<ProgressBar state="loading" />);
    advance(200);
    expect(bar()).not.toHaveAttribute('data-failed');
    rerender(<ProgressBar state="error" />);
    expect(bar()).toHaveAttribute('data-phase', 'done');
    expect(bar()).toHaveAttribute('data-failed', 'true');
    expect(bar()).toHaveAttribute('aria-valuetext', 'Ошибка загрузки');
    advance(500);
    expect(bar()).toHaveAttribute('data-phase', 'fading');
    expect(bar()).toHaveAttribute('data-failed', 'true');
    advance(400);
    expect(bar()).toHaveAttribute('data-phase', 'hidden');

    rerender(<ProgressBar state="loading" />);
    advance(200);
    expect(bar()).toHaveAttribute('data-phase', 'running');
    expect(bar()).not.toHaveAttribute('data-failed');
  });
});

describe('phaseOnState', () => {
  it.each<[ProgressPhase, ProgressState, ProgressPhase]>([
    ['hidden', 'loading', 'pending'],
    ['fading', 'loading', 'pending'],
    ['running', 'loading', 'running'],
    ['pending', 'finished', 'hidden'],
    ['pending', 'error', 'done'],
    ['running', 'finished', 'done'],
    ['running', 'idle', 'done'],
    ['hidden', 'error', 'done'],
    ['hidden', 'finished', 'hidden'],
    ['fading', 'idle', 'fading'],
  ])('%s + %s → %s', (phase, state, next) => {
    expect(phaseOnState(phase, state)).toBe(next);
  });
});
