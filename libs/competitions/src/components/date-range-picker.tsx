import * as Popover from '@radix-ui/react-popover';
import { useRef, useState, type RefObject } from 'react';
import { Button, Calendar, type CalendarRange, mediaUp, useMediaQuery } from '@fed/ui-kit';
import { parseIsoDate, toIsoDate } from '@fed/validation';
import type { DateRangeValue } from './date-range-filter';
import styles from './date-range-filter.module.css';

const toRange = ({ from, to }: DateRangeValue): CalendarRange => ({
  from: (from && parseIsoDate(from)) || undefined,
  to: (to && parseIsoDate(to)) || undefined,
});

/** A start picked alone means that one day. */
const toValue = ({ from, to }: CalendarRange): DateRangeValue =>
  from ? { from: toIsoDate(from), to: toIsoDate(to ?? from) } : { from: null, to: null };

export interface DateRangePickerProps {
  /** The filter's button: the popover stands by it, and focus goes back to it. */
  anchor: RefObject<HTMLButtonElement | null>;
  contentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: DateRangeValue;
  onApply: (value: DateRangeValue) => void;
}

/**
 * The date filter's calendar in a popover by its button: its own chunk (the calendar, its dates library and the
 * popover are most of the events filters' weight), loaded when the filter is first reached for. The range
 * applies as soon as its second day is picked; 'Готово' applies a single day, 'Сбросить' clears.
 */
export function DateRangePicker({
  anchor,
  contentId,
  open,
  onOpenChange,
  value,
  onApply,
}: DateRangePickerProps) {
  const [draft, setDraft] = useState<CalendarRange>(() => toRange(value));
  const [shown, setShown] = useState(open);
  // Each opening starts from the filter's dates, not from what was picked and left last time.
  if (open !== shown) {
    setShown(open);
    if (open) setDraft(toRange(value));
  }
  const twoMonths = useMediaQuery(mediaUp('md'));
  const leftByOutside = useRef(false);
  const apply = (range: CalendarRange) => onApply(toValue(range));

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={contentId}
          className={styles.content}
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Выбор дат"
          onOpenAutoFocus={() => (leftByOutside.current = false)}
          onInteractOutside={(event) => {
            // The button toggles the popover itself: a press on it is not a press outside.
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
            else leftByOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            // Back to the button, as a popover's own trigger gets it, unless the person went elsewhere.
            event.preventDefault();
            if (!leftByOutside.current) anchor.current?.focus();
          }}
        >
          <Calendar
            mode="range"
            value={draft}
            numberOfMonths={twoMonths ? 2 : 1}
            onChange={(range) => {
              setDraft(range);
              if (range.from && range.to) apply(range);
            }}
          />
          <div className={styles.actions}>
            <Button variant="ghost" size="sm" onClick={() => apply({})}>
              Сбросить
            </Button>
            <Button size="sm" disabled={!draft.from} onClick={() => apply(draft)}>
              Готово
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
