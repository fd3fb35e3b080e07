import { useEffect, useState } from 'react';
import { Button, Cluster, Notice } from '@fed/ui-kit';
import { watchServedBuild } from './build-watch';
import styles from './new-build-notice.module.css';

export interface NewBuildNoticeProps {
  /** Starts the watch and tells once a different build is served; answers its stop. The served build by default. */
  watch?: (onNewBuild: () => void) => () => void;
  /** Reloads the page onto the new build. */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * Tells that a newer build of the portal is served, and reloads onto it when asked (spec §4): never by itself,
 * since the person may be in the middle of a form. Nothing until then, so that it adds nothing to a page the
 * server rendered.
 */
export function NewBuildNotice({ watch = watchServedBuild, reload = reloadPage }: NewBuildNoticeProps) {
  const [available, setAvailable] = useState(false);
  useEffect(() => watch(() => setAvailable(true)), [watch]);
  if (!available) return null;
  return (
    <div className={styles.dock}>
      <Notice tone="info" role="status">
        <Cluster justify="between" gap={3}>
          <p className={styles.text}>Доступна новая версия</p>
          <Button size="sm" onClick={reload}>
            Обновить
          </Button>
        </Cluster>
      </Notice>
    </div>
  );
}
