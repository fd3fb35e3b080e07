import { Link } from 'react-router-dom';
import type { EventSummary } from '@fed/contracts';

export interface OrganizerNameProps {
  event: Pick<EventSummary, 'organizer' | 'organizerName'>;
  className?: string;
}

/** The organizer's name, opening its public page when the event names its record. */
export function OrganizerName({ event, className }: OrganizerNameProps) {
  const organizerId = event.organizer[0];
  return organizerId ? (
    <Link to={`/profile/${encodeURIComponent(organizerId)}`} className={className}>
      {event.organizerName}
    </Link>
  ) : (
    <>{event.organizerName}</>
  );
}
