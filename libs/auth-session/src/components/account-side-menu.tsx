import { useId } from 'react';
import { Avatar, Button, Stack } from '@fed/ui-kit';
import { roleDisplayName } from '../model/roles';
import { LazyAddAccountDialog } from './lazy-add-account-dialog';
import { linkedAvatar, useAccountActions } from './use-account-actions';
import styles from './user-menu.module.css';

/**
 * The account part of the side menu on small screens (spec §2 "Side menu"): the current user, 'Выберите
 * аккаунт' with each other athlete (photo, full name, 'Выбрать'), 'Добавить нового спортсмена', 'Выйти'.
 */
export function AccountSideMenu() {
  const account = useAccountActions();
  const headingId = useId();
  return (
    <div className={styles.side}>
      <div className={styles.current}>
        <Avatar {...account.avatar} size="md" decorative />
        <span>
          <span className={styles.currentName}>{account.displayName}</span>
          <span className={styles.hint}>{roleDisplayName(account.role)}</span>
        </span>
      </div>
      {account.otherAccounts.length > 0 && (
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.sideHeading}>
            Выберите аккаунт
          </h2>
          <Stack as="ul" gap={2}>
            {account.otherAccounts.map((other) => (
              <li key={other.id} className={styles.account}>
                <Avatar {...linkedAvatar(other)} size="sm" decorative />
                <span className={styles.grow}>{other.fio}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void account.switchTo(other.id)}
                  aria-label={`Выбрать: ${other.fio}`}
                >
                  Выбрать
                </Button>
              </li>
            ))}
          </Stack>
        </section>
      )}
      <div className={styles.sideActions}>
        {account.isAthlete && (
          <Button variant="secondary" fullWidth onClick={() => account.setAddOpen(true)}>
            Добавить нового спортсмена
          </Button>
        )}
        <Button variant="ghost" fullWidth onClick={() => void account.logOut()}>
          Выйти
        </Button>
      </div>
      {account.isAthlete && <LazyAddAccountDialog open={account.addOpen} onOpenChange={account.setAddOpen} />}
    </div>
  );
}
