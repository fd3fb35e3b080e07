import { render as renderAnywhen, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEST_INSTANT, fixedClock } from '@fed/calendar';
import { ClockProvider } from '../../lib/clock';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Calendar } from './calendar';
import type { CalendarRange } from './date-range';

const MARCH = new Date(2026, 2, 1);

// Today (marked, and named so in its day's label) is mid-June: away from the March the tests click in.
function OnTestClock({ children }: { children: ReactNode }) {
  return <ClockProvider clock={fixedClock(DEFAULT_TEST_INSTANT)}>{children}</ClockProvider>;
}
const render = (ui: ReactElement) => renderAnywhen(ui, { wrapper: OnTestClock });
const dayButton = (day: number) =>
  screen.getByRole('button', { name: new RegExp(`^\\S+, ${day} марта 2026`) });
// The caption is a live region too; the selection summary is the last one, in the footer.
const summary = () => screen.getAllByRole('status').at(-1);
const selectedDays = () =>
  Array.from(document.querySelectorAll('[aria-selected="true"]:not([data-outside])')).map((cell) =>
    Number(cell.textContent),
  );

function RangeHarness({ onRange }: { onRange: (range: CalendarRange) => void }) {
  const [range, setRange] = useState<CalendarRange>({});
  return (
    <Calendar
      mode="range"
      defaultMonth={MARCH}
      value={range}
      onChange={(next) => {
        setRange(next);
        onRange(next);
      }}
    />
  );
}

describe('Calendar', () => {
  it('is in Russian with weeks starting on Monday', async () => {
    const { container } = render(<Calendar value={undefined} onChange={vi.fn()} defaultMonth={MARCH} />);
    expect(screen.getByRole('grid', { name: 'март 2026' })).toBeInTheDocument();
    const weekdays = screen
      .getAllByRole('columnheader', { hidden: true })
      .map((cell) => cell.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('понедельник');
    expect(weekdays[6]).toBe('воскресенье');
    expect(screen.getByRole('button', { name: 'Перейти к следующему месяцу' })).toBeInTheDocument();
    await expectNoSeriousAxeViolations(container);
  });

  it('in single mode sets the clicked date, also when clicked again', async () => {
    const onChange = vi.fn();
    function Single() {
      const [date, setDate] = useState<Date>();
      return (
        <Calendar
          defaultMonth={MARCH}
          value={date}
          onChange={(next) => {
            setDate(next);
            onChange(next);
          }}
        />
      );
    }
    render(<Single />);
    await userEvent.click(dayButton(12));
    await userEvent.click(dayButton(12));
    expect(onChange.mock.calls).toEqual([[new Date(2026, 2, 12)], [new Date(2026, 2, 12)]]);
    expect(selectedDays()).toEqual([12]);
    expect(summary()).toHaveTextContent('Выбрано: 12 марта 2026');
  });

  it('in range mode: start, end swapped when earlier, and a click on the start clears', async () => {
    const onRange = vi.fn();
    const { container } = render(<RangeHarness onRange={onRange} />);
    expect(summary()).toHaveTextContent('Выберите дату начала');

    await userEvent.click(dayButton(10));
    expect(onRange).toHaveBeenLastCalledWith({ from: new Date(2026, 2, 10) });
    expect(selectedDays()).toEqual([10]);
    expect(summary()).toHaveTextContent('выберите дату окончания');

    await userEvent.click(dayButton(6));
    expect(onRange).toHaveBeenLastCalledWith({ from: new Date(2026, 2, 6), to: new Date(2026, 2, 10) });
    expect(selectedDays()).toEqual([6, 7, 8, 9, 10]);
    expect(summary()).toHaveTextContent('С 6 марта 2026 по 10 марта 2026');
    await expectNoSeriousAxeViolations(container);

    await userEvent.click(dayButton(6));
    expect(onRange).toHaveBeenLastCalledWith({});
    expect(selectedDays()).toEqual([]);
  });

  it('ignores disabled days', async () => {
    const onChange = vi.fn();
    render(
      <Calendar
        defaultMonth={MARCH}
        value={undefined}
        onChange={onChange}
        disabled={{ before: new Date(2026, 2, 5) }}
      />,
    );
    expect(dayButton(4)).toBeDisabled();
    await userEvent.click(dayButton(4));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks today by the federation’s day of the portal’s clock: 00:30 in Moscow is already the next day', () => {
    // 21:30 UTC on 9 March 2026: 10 March in Moscow, still 9 March in UTC and west of it.
    render(
      <ClockProvider clock={fixedClock('2026-03-09T21:30:00Z')}>
        <Calendar value={undefined} onChange={vi.fn()} />
      </ClockProvider>,
    );
    // Without a selection the month shown is today's.
    expect(screen.getByRole('grid', { name: 'март 2026' })).toBeInTheDocument();
    const today = document.querySelector('[data-today]');
    expect(today?.textContent).toBe('10');
  });
});
