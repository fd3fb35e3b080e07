import { useState } from 'react';
import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query';
import { queryState } from '@fed/api-client';
import { selectUserId } from '@fed/auth-session';
import type { EventSummary } from '@fed/contracts';
import { AsyncList, Card, ExpandablePanel, Section, formatDateRange, type ListTexts } from '@fed/ui-kit';
import { usePhotoVideoEventsQuery } from '../api/photo-video-api';
import { EventMediaManager } from './event-media-manager';
import styles from './organizer-media.module.css';

/** The organizer's events that sell photos and videos. */
const sellingEventListTexts: ListTexts = {
  loading: 'Загружаем мероприятия…',
  errorTitle: 'Не удалось загрузить мероприятия',
  emptyTitle: 'Нет мероприятий с продажей фото и видео',
  emptyText: 'Включите продажу фото и видео при создании мероприятия.',
};

function EventMedia({ event }: { event: EventSummary }) {
  // The manager (and its media) loads only once opened. The event is named by its panel's button, not by a
  // heading: «Мои мероприятия» above names the same events by theirs.
  const [open, setOpen] = useState(false);
  return (
    <Card as="li">
      <ExpandablePanel
        title={
          <span className={styles.eventTitle}>
            <span className={styles.eventName}>{event.__name}</span>
            <span className={styles.hint}>{formatDateRange(event.date_start, event.date_end)}</span>
          </span>
        }
        open={open}
        onOpenChange={setOpen}
        persistent
      >
        {open && <EventMediaManager competitionId={event.__id} />}
      </ExpandablePanel>
    </Card>
  );
}

/** The organization's events that sell photos and videos, each with its media manager. */
export function OrganizerMediaSection() {
  const organizerId = useSelector(selectUserId);
  const events = usePhotoVideoEventsQuery(organizerId ?? skipToken);
  const selling = events.data?.result.filter((event) => event.photo_video_sale);
  return (
    <Section title="Фото и видео" titleId="organizer-photo-video-title">
      <p className={styles.hint}>
        Загрузите фото и видео своих мероприятий и отметьте на них спортсменов: каждый увидит свои выступления
        в личном кабинете — превью со знаком федерации до оплаты и оригиналы после.
      </p>
      <AsyncList
        items={selling}
        {...queryState(events)}
        texts={sellingEventListTexts}
        gap={3}
        itemKey={(event) => event.__id}
        renderItem={(event) => <EventMedia event={event} />}
      />
    </Section>
  );
}
