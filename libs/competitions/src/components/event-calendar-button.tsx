import { instantOf } from '@fed/calendar';
import { Button, useClock } from '@fed/ui-kit';
import { icsFileName, sourceToIcs, type IcsSource } from '../lib/event-ics';

export interface EventCalendarButtonProps {
  source: IcsSource;
}

/**
 * «Добавить в календарь»: downloads the event as an `.ics` file made here in the browser. An island: on a
 * guest's server-rendered event page it is hydrated alone, from the event's `icsSourceOf`.
 */
export function EventCalendarButton({ source }: EventCalendarButtonProps) {
  const clock = useClock();
  const download = () => {
    const { origin, host } = window.location;
    const text = sourceToIcs(source, {
      pageUrl: `${origin}/competitions/${encodeURIComponent(source.id)}`,
      host,
      now: instantOf(clock),
    });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = icsFileName(source.name);
    link.click();
    // Some browsers read the blob after `click` returns.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Button variant="secondary" onClick={download}>
      Добавить в календарь
    </Button>
  );
}
