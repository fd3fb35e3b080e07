import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { imageUrl, isMissingRecord, type PagePrefetch } from '@fed/api-client';
import { selectContractorType } from '@fed/auth-session';
import type { Clock } from '@fed/calendar';
import {
  competitionDocumentKinds,
  requestStateNames,
  type EventDetails,
  type RequestView,
} from '@fed/contracts';
import {
  ButtonLink,
  Card,
  Fact,
  FactList,
  Island,
  formatDateRange,
  formatDeadline,
  isAhead,
  Notice,
  PageSkeleton,
  Section,
  Stack,
  useClock,
  useDocumentTitle,
} from '@fed/ui-kit';
import { eventsApi, fileUrl, useEventByIdQuery } from '../api/events-api';
import actions from '../components/actions.module.css';
import { EventTags } from '../components/event-tags';
import { ProgramList } from '../components/program-list';
import { EventFailure } from '../components/event-failure';
import { OrganizerName } from '../components/organizer-name';
import { EventCalendarButton, type EventCalendarButtonProps } from '../components/event-calendar-button';
import { EVENT_CALENDAR_ISLAND } from '../islands';
import { icsSourceOf } from '../lib/event-ics';
import { requestEditability } from '../model/request-editability';
import { formatFeeFrom } from '../lib/money';
import { placesLeft } from '../model/event-status';
import { lacksAgeClasses } from '../model/programs';
import { useEventAgeClasses } from '../model/use-event-age-classes';
import { useMyRequestsByEvent } from '../model/my-requests';
import { eventLocation, eventMapUrl } from '../model/venue';
import styles from './event-page.module.css';

/** Why applications are not taken, in the words an athlete needs. */
function closedReason(event: EventDetails, clock: Clock): string {
  if (!isAhead(event.registration_deadline, clock)) {
    return `Срок подачи заявок истёк ${formatDeadline(event.registration_deadline)}.`;
  }
  if (placesLeft(event) === 0) return 'Все места на мероприятии заняты.';
  return 'Организатор сейчас не принимает заявки.';
}

/** The athlete entered this event already: where the application stands, and the way to it. */
function Applied({ request }: { request: RequestView }) {
  const path = `/apply/edit/${encodeURIComponent(request.__id)}`;
  const editable = requestEditability(request, useClock()).editable;
  return (
    <div className={styles.applied} role="status">
      <p className={styles.appliedTitle}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
        </svg>
        Заявка подана
      </p>
      <p className={styles.appliedState}>Статус: {requestStateNames[request.requestState].toLowerCase()}</p>
      <ButtonLink to={path} variant={editable ? 'primary' : 'secondary'}>
        {editable ? 'Изменить заявку' : 'Открыть заявку'}
      </ButtonLink>
    </div>
  );
}

function Registration({ event }: { event: EventDetails }) {
  const organization = useSelector(selectContractorType) === 'organization';
  const request = useMyRequestsByEvent().get(event.__id);
  const clock = useClock();
  if (request) return <Applied request={request} />;
  // The page's head says it is cancelled; here it is only not offered.
  if (event.cancelled) return null;
  if (!event.registrationOpen) {
    return (
      <Notice tone="warning" title="Приём заявок закрыт">
        <p>{closedReason(event, clock)}</p>
      </Notice>
    );
  }
  if (organization) {
    return <p className={styles.note}>Заявки на участие подают спортсмены из своего личного кабинета.</p>;
  }
  return <ButtonLink to={`/apply/${encodeURIComponent(event.__id)}`}>Подать заявку</ButtonLink>;
}

/** «Добавить в календарь», an island: a guest's server-rendered event page hydrates it alone. */
function CalendarButton({ event }: { event: EventDetails }) {
  const props: EventCalendarButtonProps = { source: icsSourceOf(event) };
  return (
    <Island name={EVENT_CALENDAR_ISLAND} props={props}>
      <EventCalendarButton {...props} />
    </Island>
  );
}

function EventView({ event }: { event: EventDetails }) {
  useDocumentTitle(event.__name);
  const ageClasses = useEventAgeClasses(event);
  const mapUrl = eventMapUrl(event);
  const poster = event.poster?.[0];
  const places = placesLeft(event);
  const fee = formatFeeFrom(event.programs.length > 0 ? event.programs.map((p) => p.fee) : [event.fee]);
  const level = event.level[0]?.name;
  const eventClasses = [...event.ageClasses].sort((a, b) => a.sortirovka - b.sortirovka);

  return (
    <article className={styles.page} aria-labelledby="event-title">
      <Link to="/competitions" className={actions.back}>
        <span aria-hidden="true">←</span> Все мероприятия
      </Link>
      <header className={styles.header}>
        <p className={styles.dates}>{formatDateRange(event.date_start, event.date_end)}</p>
        <h1 id="event-title" className={styles.title}>
          {event.__name}
        </h1>
        <p className={styles.place}>{event.gorod}</p>
        <EventTags event={event} />
        {event.cancelled && (
          <Notice tone="danger" title="Мероприятие отменено">
            <p>Организатор отменил мероприятие: заявки на него не принимаются.</p>
          </Notice>
        )}
      </header>

      <div className={styles.layout} data-poster={poster ? '' : undefined}>
        {poster && (
          // A poster of any shape is shown whole (its text must not be cut off): contained in the frame, the
          // frame's free space filled with the same picture blurred.
          <div className={styles.poster}>
            {/* Blurred, a small copy is enough. */}
            <img
              className={styles.posterBackdrop}
              src={imageUrl(poster, { width: 96 })}
              width={96}
              height={64}
              alt=""
              aria-hidden="true"
            />
            {/* The page's largest picture on a phone, at its top: asked for first. */}
            <img
              className={styles.posterImage}
              src={imageUrl(poster, { width: 960 })}
              srcSet={`${imageUrl(poster, { width: 480 })} 480w, ${imageUrl(poster, { width: 960 })} 960w, ${imageUrl(poster, { width: 1440 })} 1440w`}
              sizes="(min-width: 1024px) 60vw, 100vw"
              width={960}
              height={640}
              fetchPriority="high"
              alt={`Афиша: ${event.__name}`}
            />
          </div>
        )}

        <Card as="aside" elevated className={styles.aside} aria-label="Участие">
          <FactList>
            <Fact term="Даты">{formatDateRange(event.date_start, event.date_end)}</Fact>
            <Fact term="Место">
              {eventLocation(event)}
              {mapUrl && (
                <a className={styles.mapLink} href={mapUrl} target="_blank" rel="noopener noreferrer">
                  Показать на карте
                </a>
              )}
            </Fact>
            {event.organizerName && (
              <Fact term="Организатор">
                <OrganizerName event={event} />
              </Fact>
            )}
            {level && <Fact term="Уровень">{level}</Fact>}
            {eventClasses.length > 0 && (
              <Fact term="Возрастные классы">{eventClasses.map((c) => c.nazvanie).join(', ')}</Fact>
            )}
            {fee && <Fact term="Стартовый взнос">{fee}</Fact>}
            {places !== null && (
              <Fact term="Свободных мест">
                {places} из {event.places_limit}
              </Fact>
            )}
            <Fact term="Приём заявок">
              {event.registrationOpen ? `до ${formatDeadline(event.registration_deadline)}` : 'закрыт'}
            </Fact>
          </FactList>
          <div className={styles.actions}>
            <Registration event={event} />
            <CalendarButton event={event} />
          </div>
        </Card>

        <div className={styles.main}>
          {event.description.trim() && (
            <Section title="О мероприятии" titleId="event-about">
              <p className={styles.description}>{event.description}</p>
            </Section>
          )}
          <Section title="Программы" titleId="event-programs">
            <ProgramList programs={event.programs} ageClasses={ageClasses} />
          </Section>
          {event.documents.length > 0 && (
            <Section title="Документы" titleId="event-documents">
              <Stack as="ul" gap={2} className={styles.documents}>
                {event.documents.map((document) => {
                  const file = document.file[0];
                  if (!file) return null;
                  return (
                    <li key={document.__id}>
                      <a href={fileUrl(file)} target="_blank" rel="noopener noreferrer">
                        {document.__name}
                      </a>
                      <span className={styles.documentKind}>{competitionDocumentKinds[document.kind]}</span>
                    </li>
                  );
                })}
              </Stack>
            </Section>
          )}
        </div>
      </div>
    </article>
  );
}

/** The event, and the age class catalogue when its programs name a class the event does not bring. */
export const prefetchEvent: PagePrefetch = async ({ params }, dispatch) => {
  const { data: event } = await dispatch(eventsApi.endpoints.eventById.initiate(params['id'] ?? ''));
  if (event && lacksAgeClasses(event.programs, event.ageClasses))
    await dispatch(eventsApi.endpoints.ageClasses.initiate());
};

/** `/competitions/{id}`: everything an athlete needs to decide, and the way to apply. */
export function EventPage() {
  const { id = '' } = useParams();
  const { data: event, error, isLoading, refetch } = useEventByIdQuery(id);

  if (isLoading) return <PageSkeleton label="Загрузка мероприятия…" />;
  if (isMissingRecord(error) || !event) return <EventFailure error={error} onRetry={() => void refetch()} />;
  return <EventView event={event} />;
}
