import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { messageOf } from '@fed/api-client';
import type { LinkedAccount } from '@fed/contracts';
import { Button, Island } from '@fed/ui-kit';
import { useLinkedAccountsQuery, useSwitchAccountMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import styles from '../components/auth-card.module.css';
import { FormFailure } from '../components/form-failure';
import { SignIn, SignInWiringContext, type SignInWiring } from '../components/sign-in';
import { SIGN_IN_ISLAND } from '../islands';
import { ReturnRoutesContext } from '../lib/return-after-sign-in';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { useSessionDispatch } from '../model/session-dispatch';
import { selectIsAuthenticated, selectSigningIn } from '../model/session-slice';
import { storeChosenAccount, storeSignIn } from '../model/sign-in';

/**
 * `/login`: phone → code from the SMS → (several athletes) which account → the remembered page or /profile.
 * A number without a login gets no code but the way to register with it. A reload while choosing the account
 * comes back to the choice. The phone and the code are the sign-in's island (`SignIn`): a guest's page hydrates
 * only that, and the app renders it with its own wiring; the account choice is the app's alone (a sign-in made on
 * the island that must choose comes back here with the app).
 */
export function LoginPage() {
  const signingIn = useSelector(selectSigningIn);
  const authenticated = useSelector(selectIsAuthenticated);
  const [choosing, setChoosing] = useState(signingIn && authenticated);
  const dispatch = useSessionDispatch();
  const finish = useFinishSignIn();
  // Given by the server's rendering, for the island to remember where the guest came from; the app's router does.
  const returnRoutes = useContext(ReturnRoutesContext);
  const wiring = useMemo<SignInWiring>(
    () => ({
      onConfirmed: (tokens) =>
        storeSignIn(dispatch, tokens).mustChooseAccount ? setChoosing(true) : finish(),
    }),
    [dispatch, finish],
  );

  if (choosing) return <AccountStep onChosen={finish} />;
  return (
    <Island name={SIGN_IN_ISLAND} props={{ returnRoutes }}>
      <SignInWiringContext.Provider value={wiring}>
        <SignIn />
      </SignInWiringContext.Provider>
    </Island>
  );
}

function AccountStep({ onChosen }: { onChosen: () => Promise<void> }) {
  const dispatch = useSessionDispatch();
  const { data, isLoading, error } = useLinkedAccountsQuery();
  const [switchAccount] = useSwitchAccountMutation();
  // The account being chosen: its button spins from the switch until the next page is there.
  const [choosing, setChoosing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const accounts = data?.data;

  // The choice is the only thing to do here: the keyboard starts on the first account.
  useEffect(() => {
    if (accounts?.length) firstChoice.current?.focus();
  }, [accounts]);

  const choose = async (account: LinkedAccount) => {
    setFailure(null);
    setChoosing(account.id);
    const result = await switchAccount({ id: account.id });
    if ('data' in result && result.data) {
      storeChosenAccount(dispatch, result.data.data, account.id);
      await onChosen().finally(() => setChoosing(null));
    } else {
      setChoosing(null);
      setFailure(messageOf(result.error));
    }
  };

  return (
    <AuthCard
      title="Выберите аккаунт"
      lead="К этому номеру привязано несколько спортсменов. От чьего имени войти?"
    >
      {isLoading && <p role="status">Загружаем аккаунты…</p>}
      {error && <p className={styles.error}>{messageOf(error)}</p>}
      <ul className={styles.accounts}>
        {accounts?.map((account, index) => (
          <li key={account.id} className={styles.account}>
            <span className={styles.accountName} id={`account-${account.id}`}>
              {account.fio}
            </span>
            <Button
              ref={index === 0 ? firstChoice : undefined}
              size="sm"
              variant="secondary"
              aria-describedby={`account-${account.id}`}
              loading={choosing === account.id}
              disabled={choosing !== null}
              onClick={() => void choose(account)}
            >
              Выбрать
            </Button>
          </li>
        ))}
      </ul>
      <FormFailure message={failure} />
    </AuthCard>
  );
}
