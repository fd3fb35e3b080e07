import { Avatar, Dropdown, type DropdownItem } from '@fed/ui-kit';
import { LazyAddAccountDialog } from './lazy-add-account-dialog';
import { linkedAvatar, useAccountActions } from './use-account-actions';
import styles from './user-menu.module.css';

/** Wide screens (spec §2 "User dropdown"): avatar and name; other accounts; add an athlete; logout. */
export function UserMenu() {
  const account = useAccountActions();
  const items: DropdownItem[] = [
    ...account.otherAccounts.map((other) => ({
      key: `switch-${other.id}`,
      label: (
        <span className={styles.account}>
          <Avatar {...linkedAvatar(other)} size="sm" decorative />
          <span>
            {other.fio}
            <span className={styles.hint}>Переключиться</span>
          </span>
        </span>
      ),
      onSelect: () => void account.switchTo(other.id),
    })),
    ...(account.isAthlete
      ? [{ key: 'add', label: 'Добавить нового спортсмена', onSelect: () => account.setAddOpen(true) }]
      : []),
    { key: 'logout', label: 'Выйти из аккаунта', danger: true, onSelect: () => void account.logOut() },
  ];

  return (
    <>
      <Dropdown
        align="end"
        triggerLabel={`Меню аккаунта: ${account.displayName}`}
        trigger={
          <span className={styles.trigger}>
            <Avatar {...account.avatar} size="sm" decorative />
            <span className={styles.name}>{account.displayName}</span>
          </span>
        }
        items={items}
      >
        {account.otherAccounts.length > 0 && <p className={styles.heading}>Выберите аккаунт</p>}
      </Dropdown>
      {account.isAthlete && <LazyAddAccountDialog open={account.addOpen} onOpenChange={account.setAddOpen} />}
    </>
  );
}
