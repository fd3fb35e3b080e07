import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Calendar } from './calendar';
import type { CalendarRange } from './date-range';

// Fixed dates, so that the stories look the same every day.
const DECEMBER = new Date(2026, 11, 1);
const d = (day: number) => new Date(2026, 11, day);

function Single({ initial, disablePast }: { initial?: Date; disablePast?: boolean }) {
  const [date, setDate] = useState(initial);
  return (
    <Calendar
      defaultMonth={DECEMBER}
      value={date}
      onChange={setDate}
      disabled={disablePast ? { before: d(10) } : undefined}
    />
  );
}

function Range({ initial = {}, months }: { initial?: CalendarRange; months?: number }) {
  const [range, setRange] = useState(initial);
  return (
    <Calendar
      mode="range"
      defaultMonth={DECEMBER}
      value={range}
      onChange={setRange}
      numberOfMonths={months}
    />
  );
}

const meta: Meta = { title: 'Forms/Calendar' };
export default meta;

type Story = StoryObj;

export const SingleEmpty: Story = { render: () => <Single /> };
export const SingleSelected: Story = { render: () => <Single initial={d(18)} /> };
export const SingleWithDisabledDays: Story = { render: () => <Single disablePast /> };
/** First click sets the start, the second the end (swapped if earlier), a click on the start clears. */
export const RangeEmpty: Story = { render: () => <Range /> };
export const RangeStartOnly: Story = { render: () => <Range initial={{ from: d(8) }} /> };
export const RangeSelected: Story = { render: () => <Range initial={{ from: d(8), to: d(17) }} /> };
export const RangeTwoMonths: Story = {
  render: () => <Range initial={{ from: d(22), to: new Date(2027, 0, 9) }} months={2} />,
};
export const BirthDateWithDropdowns: Story = {
  render: () => (
    <Calendar
      value={new Date(2012, 2, 5)}
      onChange={() => undefined}
      captionLayout="dropdown"
      startMonth={new Date(1900, 0, 1)}
      endMonth={DECEMBER}
    />
  ),
};
