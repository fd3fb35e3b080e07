import { useState } from 'react';
import styles from './avatar.module.css';

export type AvatarRole = 'sportsman' | 'organization';
export type AvatarGender = 'male' | 'female';
export type AvatarPlaceholder = 'sportsman-male' | 'sportsman-female' | 'sportsman-neutral' | 'organization';

export interface AvatarProps {
  /** Organization logo or athlete photo; the placeholder shows when missing or broken. */
  src?: string | null;
  /** Full name or organization name: the picture's text alternative. */
  name: string;
  role: AvatarRole;
  /**
   * Picks the athlete placeholder. Unknown (`null`, left out) draws a neutral figure: a person's gender may be
   * withheld from the viewer (a minor whose parent chose nothing), and a guess would tell something untrue.
   */
  gender?: AvatarGender | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The name is already written beside the avatar: hide the picture from screen readers. */
  decorative?: boolean;
}

/** The placeholder picture for a role and gender (spec §6). */
export function avatarPlaceholder(role: AvatarRole, gender?: AvatarGender | null): AvatarPlaceholder {
  if (role === 'organization') return 'organization';
  if (gender === 'female') return 'sportsman-female';
  return gender === 'male' ? 'sportsman-male' : 'sportsman-neutral';
}

/** A round photo (square-ish for organizations), falling back to a drawn placeholder. */
export function Avatar({ src, name, role, gender, size = 'md', decorative = false }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const className = [styles.avatar, styles[size]].join(' ');
  if (showImage && src) {
    return (
      <img
        className={className}
        data-role={role}
        src={src}
        alt={decorative ? '' : name}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const kind = avatarPlaceholder(role, gender);
  return (
    <span
      className={className}
      data-role={role}
      data-placeholder={kind}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      <PlaceholderPicture kind={kind} />
    </span>
  );
}

/**
 * The drawn placeholders: a building for an organization; for an athlete the head and shoulders, with short hair
 * (male), long hair behind (female), or nothing more (neutral: nothing to read a gender from).
 */
function PlaceholderPicture({ kind }: { kind: AvatarPlaceholder }) {
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true" focusable="false">
      {kind === 'organization' ? (
        <g fill="currentColor">
          <path d="M16 52V18l16-8 16 8v34z" opacity="0.9" />
          <path d="M12 52h40v3H12z" />
          <g style={{ fill: 'var(--color-surface)' }}>
            <path d="M22 24h6v6h-6zM36 24h6v6h-6zM22 35h6v6h-6zM36 35h6v6h-6zM29 44h6v8h-6z" />
          </g>
        </g>
      ) : (
        <g fill="currentColor">
          {kind === 'sportsman-female' && (
            <path d="M17 40c0-20 6-28 15-28s15 8 15 28c-3 2-6 2-8 1H25c-2 1-5 1-8-1z" opacity="0.55" />
          )}
          <circle cx="32" cy="25" r="11" />
          {kind === 'sportsman-male' && (
            <path d="M21 23c0-8 5-12 11-12s11 4 11 12c-3-3-7-4-11-4s-8 1-11 4z" opacity="0.55" />
          )}
          <path d="M12 60c0-12 9-19 20-19s20 7 20 19z" />
        </g>
      )}
    </svg>
  );
}
