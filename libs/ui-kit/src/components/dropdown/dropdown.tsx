import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import styles from './dropdown.module.css';

export interface DropdownItem {
  key: string;
  label: ReactNode;
  onSelect?: () => void;
  /** Shown in the danger colour, e.g. 'Выйти из аккаунта'. */
  danger?: boolean;
  disabled?: boolean;
}

export interface DropdownProps {
  /** What the trigger button shows, e.g. avatar and name. */
  trigger: ReactNode;
  /** Accessible name of the trigger when `trigger` has no text. */
  triggerLabel?: string;
  items?: readonly DropdownItem[];
  /** Content above the items (a heading, the current account). */
  children?: ReactNode;
  /** Cannot open. */
  disabled?: boolean;
  /** Stays open on outside clicks; Escape, the trigger and choosing an item still close it. */
  persistent?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'end';
}

/** A menu on Radix Dropdown Menu: keyboard navigation, typeahead and focus return come with it. */
export function Dropdown({
  trigger,
  triggerLabel,
  items = [],
  children,
  disabled = false,
  persistent = false,
  open,
  onOpenChange,
  align = 'end',
}: DropdownProps) {
  return (
    <Menu.Root
      open={disabled ? false : open}
      onOpenChange={onOpenChange}
      // Non-modal: a modal menu hides the page (trigger included) from assistive tech and blocks its
      // pointer events, which a persistent menu must not do; outside clicks still close the others.
      modal={false}
    >
      <Menu.Trigger className={styles.trigger} disabled={disabled} aria-label={triggerLabel}>
        {trigger}
        <span className={styles.chevron} aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className={styles.content}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          onInteractOutside={persistent ? (event) => event.preventDefault() : undefined}
        >
          {children && <div className={styles.header}>{children}</div>}
          {items.map((item) => (
            <Menu.Item
              key={item.key}
              className={styles.item}
              data-danger={item.danger || undefined}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
