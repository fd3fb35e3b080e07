import { useSelector } from 'react-redux';
import { Button, Notice } from '@fed/ui-kit';
import { selectOtherAccounts } from '../model/session-slice';
import { useAccountActions } from './use-account-actions';
import styles from './auth-card.module.css';

export interface LinkedAccountChoiceProps {
  /** Whose page is shown. */
  id: string;
}

/**
 * On the public page of another athlete of the signed-in login (spec §1: one login, several athletes): says whose
 * it is and offers to act as them — the switch of spec §4, which reloads /profile as that athlete. Nothing for
 * anybody else's page.
 */
export function LinkedAccountChoice({ id }: LinkedAccountChoiceProps) {
  const linked = useSelector(selectOtherAccounts).some((account) => account.id === id);
  const account = useAccountActions();
  if (!linked) return null;
  return (
    <Notice title="Этот спортсмен привязан к вашему номеру телефона">
      <p>Сейчас вы действуете от имени аккаунта «{account.displayName}».</p>
      <div className={styles.noticeActions}>
        <Button size="sm" loading={account.switching === id} onClick={() => void account.switchTo(id)}>
          Выбрать этот аккаунт
        </Button>
      </div>
    </Notice>
  );
}
