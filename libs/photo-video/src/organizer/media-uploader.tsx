import { useEffect, useRef, useState } from 'react';
import { mediaLimits } from '@fed/contracts';
import { Button, Cluster, Stack } from '@fed/ui-kit';
import { MEDIA_ACCEPT, mediaFileProblem, uploadMedia, UploadFailure } from '../model/upload-media';
import styles from './organizer-media.module.css';

interface QueuedFile {
  key: string;
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  message: string | null;
  /** A refusal the same file will get again (its type, its size). */
  final: boolean;
}

export interface MediaUploaderProps {
  competitionId: string;
  /** A file was stored: the page reads the event's media again. */
  onUploaded: () => void;
}

/** Files go two at a time: the server makes previews of each, and the rest wait their turn. */
const AT_ONCE = 2;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Photos and videos of one event: each file with its own progress bar, a failure said beside it with a retry
 * of that file alone; the type is decided by the server from the bytes (a page renamed `.jpg` is refused).
 */
export function MediaUploader({ competitionId, onUploaded }: MediaUploaderProps) {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const started = useRef(new Set<string>());
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const update = (key: string, change: Partial<QueuedFile>) =>
    setQueue((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  // Starts waiting files while fewer than AT_ONCE are going; each file is started once per attempt.
  useEffect(() => {
    const going = queue.filter((entry) => entry.state === 'uploading').length;
    const next = queue.filter((entry) => entry.state === 'waiting' && !started.current.has(entry.key));
    for (const entry of next.slice(0, Math.max(0, AT_ONCE - going))) {
      started.current.add(entry.key);
      update(entry.key, { state: 'uploading', progress: 0, message: null });
      uploadMedia(competitionId, entry.file, (progress) => update(entry.key, { progress }))
        .then(() => {
          update(entry.key, { state: 'done', progress: 1 });
          onUploaded();
        })
        .catch((error: unknown) => {
          const failure =
            error instanceof UploadFailure ? error : new UploadFailure('Не удалось загрузить файл', false);
          started.current.delete(entry.key);
          update(entry.key, { state: 'failed', message: failure.message, final: failure.final });
        });
    }
  }, [queue, competitionId, onUploaded]);

  function add(files: FileList | null) {
    if (!files) return;
    const added = [...files].map((file): QueuedFile => {
      counter.current += 1;
      const problem = mediaFileProblem(file);
      return {
        key: `${counter.current}-${file.name}`,
        file,
        progress: 0,
        state: problem ? 'failed' : 'waiting',
        message: problem,
        final: problem !== null,
      };
    });
    setQueue((current) => [...current, ...added]);
    if (input.current) input.current.value = '';
  }

  const retry = (key: string) => update(key, { state: 'waiting', message: null, progress: 0 });

  const inputId = `media-files-${competitionId}`;
  return (
    <Stack gap={3}>
      <div>
        <label htmlFor={inputId} className={styles.label}>
          Загрузить фото и видео
        </label>
        <p id={`${inputId}-hint`} className={styles.hint}>
          Фото JPEG, PNG или WebP до {mb(mediaLimits.photoMaxBytes)} МБ, видео MP4, WebM или MOV до{' '}
          {mb(mediaLimits.videoMaxBytes)} МБ. Можно выбрать несколько файлов.
        </p>
        {/* The browser's own file button speaks the browser's language: ours is a label of the same input. */}
        <input
          ref={input}
          id={inputId}
          className={styles.file}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => add(event.target.files)}
        />
        <label htmlFor={inputId} className={styles.pick}>
          Выбрать файлы
        </label>
      </div>
      {queue.length > 0 && (
        <ul className={styles.queue} aria-label="Загрузка файлов">
          {queue.map((entry) => (
            <li key={entry.key} className={styles.queued}>
              <Cluster justify="between" align="center">
                <span className={styles.fileName}>{entry.file.name}</span>
                <span className={styles.hint}>
                  {entry.state === 'done'
                    ? 'Загружено'
                    : entry.state === 'waiting'
                      ? 'В очереди'
                      : entry.state === 'uploading'
                        ? `${Math.round(entry.progress * 100)}%`
                        : 'Ошибка'}
                </span>
              </Cluster>
              {entry.state !== 'failed' && (
                <progress
                  className={styles.progress}
                  max={1}
                  value={entry.progress}
                  aria-label={`Загрузка ${entry.file.name}`}
                />
              )}
              {entry.state === 'failed' && (
                <Cluster justify="between" align="center">
                  <span role="alert" className={styles.error}>
                    {entry.message}
                  </span>
                  {!entry.final && (
                    <Button type="button" size="sm" variant="secondary" onClick={() => retry(entry.key)}>
                      Повторить
                    </Button>
                  )}
                </Cluster>
              )}
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
