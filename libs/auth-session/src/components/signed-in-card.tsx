import { Link } from 'react-router-dom';
import { Avatar, Button } from '@fed/ui-kit';
import { roleDisplayName } from '../model/roles';
import { AuthCard } from './auth-card';
import { LazyAddAccountDialog } from './lazy-add-account-dialog';
import { useAccountActions } from './use-account-actions';
import styles from './signed-in-card.module.css';

export interface SignedInCardProps {
  /** The registration page's title. */
  title: string;
}

/**
 * A registration page opened by someone signed in (spec §2: the page is public): who is signed in, and the two
 * ways on — another athlete on the same login and phone (athletes only, the add-account dialog), or signing out
 * here, after which the page is the registration form.
 */
export function SignedInCard({ title }: SignedInCardProps) {
  const account = useAccountActions();
  return (
    <AuthCard
      title={title}
      lead="Вы уже вошли на портал."
      footer={<Link to="/profile">Перейти в личный кабинет</Link>}
    >
      <div className={styles.body}>
        <div className={styles.who}>
          <Avatar {...account.avatar} size="md" decorative />
          <span>
            <span className={styles.name}>{account.displayName}</span>
            <span className={styles.role}>{roleDisplayName(account.role)}</span>
          </span>
        </div>
        {account.isAthlete && (
          <p className={styles.text}>
            Ещё одного спортсмена, например ребёнка, можно добавить к вашему аккаунту: он будет привязан к
            вашему номеру телефона.
          </p>
        )}
        <p className={styles.text}>
          Чтобы зарегистрировать другого человека или организацию с другим номером телефона, выйдите из
          аккаунта.
        </p>
        <div className={styles.actions}>
          {account.isAthlete && (
            <Button fullWidth onClick={() => account.setAddOpen(true)}>
              Добавить нового спортсмена
            </Button>
          )}
          <Button variant="secondary" fullWidth onClick={() => void account.logOutHere()}>
            Выйти
          </Button>
        </div>
      </div>
      {account.isAthlete && <LazyAddAccountDialog open={account.addOpen} onOpenChange={account.setAddOpen} />}
    </AuthCard>
  );
}
