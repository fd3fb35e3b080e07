import { useId, type ReactNode } from 'react';
import { Avatar, Card, cardLinkStyles, PageLink, SkeletonLine } from '@fed/ui-kit';
import styles from './registry-card.module.css';

export interface RegistryCardProps {
  /** The page the card opens. */
  to: string;
  name: string;
  /** The photo or logo beside the name. */
  picture: ReactNode;
  /** The card title's heading level: h2 in the directory, h3 under a page's section. */
  titleAs?: 'h2' | 'h3';
  /** The facts under the name. */
  children?: ReactNode;
}

/**
 * A directory card: the picture beside the name and facts; the whole card opens the page, its name the link (a
 * `PageLink`: the app's router link, a plain link in a profile section's island).
 */
export function RegistryCard({ to, name, picture, titleAs: Title = 'h2', children }: RegistryCardProps) {
  const titleId = useId();
  return (
    <Card as="article" elevated className={`${cardLinkStyles.card} ${styles.card}`} aria-labelledby={titleId}>
      {picture}
      <div className={styles.body}>
        <Title id={titleId} className={styles.name}>
          <PageLink to={to} className={cardLinkStyles.link}>
            {name}
          </PageLink>
        </Title>
        {children}
      </div>
    </Card>
  );
}

/** A grey card in the shape of a directory card while the list loads. */
export function RegistryCardSkeleton() {
  return (
    <Card elevated className={`${cardLinkStyles.card} ${styles.card}`} aria-hidden="true">
      <Avatar name="" role="sportsman" size="lg" decorative />
      <div className={styles.skeleton}>
        <SkeletonLine size="title" />
        <SkeletonLine size="half" />
        <SkeletonLine size="short" />
      </div>
    </Card>
  );
}
