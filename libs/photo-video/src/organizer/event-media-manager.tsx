import { useCallback, useMemo, useState } from 'react';
import { messageOf, queryState } from '@fed/api-client';
import type { OrganizerEntry } from '@fed/contracts';
import {
  Badge,
  Button,
  Checkbox,
  Cluster,
  ErrorState,
  ListSkeleton,
  Stack,
  TextInput,
  useToast,
} from '@fed/ui-kit';
import { useDeleteMediaMutation, useOrganizerMediaQuery, useTagMediaMutation } from '../api/photo-video-api';
import { MediaUploader } from './media-uploader';
import mediaGrid from '../components/media-grid.module.css';
import styles from './organizer-media.module.css';

const entryKey = (entry: Pick<OrganizerEntry, 'entryId' | 'programId'>) =>
  `${entry.entryId}/${entry.programId}`;

function saleText(entry: OrganizerEntry): string {
  if (!entry.sale) return 'Не заказано';
  return `${entry.sale.package.name}: ${entry.sale.paid ? 'оплачено' : 'ждёт оплаты'}`;
}

export interface EventMediaManagerProps {
  competitionId: string;
}

/**
 * «Фото и видео» of one own event: upload, pick media and performances (several of each) and tag or untag them
 * at once, and per athlete what is tagged and what is paid.
 */
export function EventMediaManager({ competitionId }: EventMediaManagerProps) {
  const toast = useToast();
  const media = useOrganizerMediaQuery(competitionId, { refetchOnMountOrArgChange: true });
  const [tagMedia, tagging] = useTagMediaMutation();
  const [deleteMedia, deleting] = useDeleteMediaMutation();
  const [pickedMedia, setPickedMedia] = useState<Set<string>>(new Set());
  const [pickedEntries, setPickedEntries] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const { refetch } = media;
  const onUploaded = useCallback(() => void refetch(), [refetch]);

  const entries = useMemo(() => media.data?.entries ?? [], [media.data]);
  const shownEntries = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase('ru');
    return entries.filter((entry) =>
      `${entry.sportsmanName} ${entry.programName}`.toLocaleLowerCase('ru').includes(needle),
    );
  }, [entries, filter]);

  const toggle = (set: Set<string>, key: string, update: (next: Set<string>) => void) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    update(next);
  };

  async function tag(action: 'tag' | 'untag') {
    const refs = entries
      .filter((entry) => pickedEntries.has(entryKey(entry)))
      .map(({ entryId, programId }) => ({ entryId, programId }));
    const result = await tagMedia({
      competitionId,
      body: { mediaIds: [...pickedMedia], entries: refs, action },
    });
    if (result.error) {
      toast.error(messageOf(result.error));
      return;
    }
    toast.success(action === 'tag' ? 'Отмечено' : 'Отметка снята');
    setPickedMedia(new Set());
  }

  async function remove() {
    const result = await deleteMedia({ competitionId, body: { mediaIds: [...pickedMedia] } });
    if (result.error) {
      toast.error(messageOf(result.error));
      return;
    }
    toast.success('Удалено');
    setPickedMedia(new Set());
  }

  const state = queryState(media);
  if (!media.data) {
    return state.failed ? (
      <ErrorState title="Не удалось загрузить фото и видео" onRetry={state.onRetry}>
        {state.errorText}
      </ErrorState>
    ) : (
      <ListSkeleton label="Загружаем фото и видео…" />
    );
  }
  const ready = pickedMedia.size > 0 && pickedEntries.size > 0;
  return (
    <Stack gap={5}>
      <MediaUploader competitionId={competitionId} onUploaded={onUploaded} />

      <section aria-labelledby={`media-${competitionId}`}>
        <h4 id={`media-${competitionId}`} className={styles.subheading}>
          Загруженные ({media.data.media.length})
        </h4>
        {media.data.media.length === 0 ? (
          <p className={styles.hint}>Пока ничего не загружено.</p>
        ) : (
          <ul className={mediaGrid.grid}>
            {media.data.media.map((item) => (
              <li key={item.id} className={styles.mediaItem}>
                <img src={item.imageUrl} alt="" className={styles.thumb} loading="lazy" />
                <Checkbox
                  label={`${item.kind === 'video' ? 'Видео' : 'Фото'} ${item.name}`}
                  checked={pickedMedia.has(item.id)}
                  onChange={() => toggle(pickedMedia, item.id, setPickedMedia)}
                />
                <span className={styles.hint}>
                  {item.tags.length > 0 ? `Отмечено: ${item.tags.length}` : 'Никто не отмечен'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`entries-${competitionId}`}>
        <h4 id={`entries-${competitionId}`} className={styles.subheading}>
          Выступления
        </h4>
        <Stack gap={3}>
          <TextInput
            label="Найти спортсмена или программу"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <ul className={styles.entries} aria-label="Выступления мероприятия">
            {shownEntries.map((entry) => (
              <li key={entryKey(entry)} className={styles.entry}>
                <Checkbox
                  label={`${entry.sportsmanName} — ${entry.programName}`}
                  checked={pickedEntries.has(entryKey(entry))}
                  onChange={() => toggle(pickedEntries, entryKey(entry), setPickedEntries)}
                />
                <Cluster gap={2}>
                  <Badge tone="neutral" size="sm">
                    Фото {entry.tagged.photos} · видео {entry.tagged.videos}
                  </Badge>
                  <Badge tone={entry.sale?.paid ? 'success' : entry.sale ? 'warning' : 'muted'} size="sm">
                    {saleText(entry)}
                  </Badge>
                </Cluster>
              </li>
            ))}
          </ul>
          {shownEntries.length === 0 && <p className={styles.hint}>Нет заявок по этому запросу.</p>}
        </Stack>
      </section>

      <div className={styles.actions}>
        <p className={styles.hint} aria-live="polite">
          Выбрано: {pickedMedia.size} файлов, {pickedEntries.size} выступлений
        </p>
        <Cluster gap={2}>
          <Button type="button" disabled={!ready} loading={tagging.isLoading} onClick={() => void tag('tag')}>
            Отметить выбранных
          </Button>
          <Button type="button" variant="secondary" disabled={!ready} onClick={() => void tag('untag')}>
            Снять отметку
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={pickedMedia.size === 0}
            loading={deleting.isLoading}
            onClick={() => void remove()}
          >
            Удалить файлы
          </Button>
        </Cluster>
      </div>
    </Stack>
  );
}
