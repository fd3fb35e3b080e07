import { useEffect, useRef, type PointerEvent } from 'react';
import type { LockerItem } from '@fed/contracts';
import { Button, Cluster, Modal } from '@fed/ui-kit';
import styles from './media-viewer.module.css';

export interface MediaViewerProps {
  items: readonly LockerItem[];
  /** The open item's index, or `null` when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** A horizontal move of more than this many pixels is a swipe to the next or previous item. */
export const SWIPE_DISTANCE = 50;

/**
 * One photo or video at a time, large: ←/→ (and a swipe) go through them, Esc closes. A paid video plays, a
 * paid photo shows without the mark and may be downloaded; what is not paid shows its marked preview.
 */
export function MediaViewer({ items, index, onIndexChange }: MediaViewerProps) {
  const item = index === null ? undefined : items[index];
  const start = useRef<number | null>(null);
  const count = items.length;
  const go = (step: number) => {
    if (index === null || count === 0) return;
    onIndexChange((index + step + count) % count);
  };

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    if (Math.abs(moved) > SWIPE_DISTANCE) go(moved < 0 ? 1 : -1);
  };

  return (
    <Modal
      open={item !== undefined}
      onOpenChange={(open) => !open && onIndexChange(null)}
      title={item ? `${item.name} · ${(index ?? 0) + 1} из ${count}` : ''}
      size="lg"
      draggableOnMobile={false}
      footer={
        item && (
          <Cluster justify="between" align="center" className={styles.footer}>
            <Cluster gap={2}>
              <Button type="button" variant="secondary" onClick={() => go(-1)} aria-label="Предыдущее">
                ←
              </Button>
              <Button type="button" variant="secondary" onClick={() => go(1)} aria-label="Следующее">
                →
              </Button>
            </Cluster>
            {item.downloadUrl ? (
              <a className={styles.download} href={item.downloadUrl} download>
                Скачать оригинал
              </a>
            ) : (
              <span className={styles.note}>Оригинал без знака — после оплаты</span>
            )}
          </Cluster>
        )
      }
    >
      {item && (
        <div
          className={styles.stage}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
          data-testid="media-stage"
        >
          {item.kind === 'video' && item.fullUrl ? (
            <video className={styles.media} src={item.fullUrl} poster={item.imageUrl} controls playsInline>
              <track kind="captions" />
            </video>
          ) : (
            <img
              className={styles.media}
              src={item.imageUrl}
              alt={item.full ? item.name : `${item.name} — превью с водяным знаком`}
              draggable={false}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
