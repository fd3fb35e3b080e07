import type { EventSummary } from '@fed/contracts';
import { Badge, Cluster } from '@fed/ui-kit';
import { disciplineName } from '../model/programs';

/** An event's disciplines and level as tags, on its card and at the top of its page. */
export function EventTags({ event }: { event: Pick<EventSummary, 'discipline' | 'level'> }) {
  const level = event.level[0]?.name;
  return (
    <Cluster as="ul" gap={2} rowGap={1} aria-label="Дисциплины и уровень">
      {event.discipline.map((discipline) => (
        <Badge as="li" key={discipline.code} tone="primary">
          {disciplineName(discipline)}
        </Badge>
      ))}
      {level && (
        <Badge as="li" tone="muted">
          {level}
        </Badge>
      )}
    </Cluster>
  );
}
