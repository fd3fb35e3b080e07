import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { Modal, SubmitForm, useClock, useToast, useZodForm } from '@fed/ui-kit';
import { createAddAccountSchema } from '@fed/validation';
import { useAddAccountMutation } from '../api/auth-api';
import { UNEXPECTED_ERROR } from '@fed/api-client';
import { toTokenPair } from '../model/sign-in';
import { tokensReceived } from '../model/session-slice';
import styles from './add-account-dialog.module.css';
import { emptyPerson, PersonFields } from './person-fields';

/** Spec §9: the page reloads this long after the success toast. */
export const RELOAD_AFTER_ADD_MS = 1000;

export interface AddAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After success; reloads the page by default (spec §4). */
  onAdded?: () => void;
}

/**
 * 'Добавление нового аккаунта' (spec §2, §5): a new athlete on the same login and phone. Success: a toast
 * and a reload a second later; failure: an error toast, the dialog stays open with what was typed.
 */
export function AddAccountDialog({
  open,
  onOpenChange,
  onAdded = () => window.location.reload(),
}: AddAccountDialogProps) {
  const dispatch = useDispatch();
  const toast = useToast();
  const [addAccount, { isLoading }] = useAddAccountMutation();
  const clock = useClock();
  // "Not later than the end of today" for the birth date: today by the portal's clock, on Moscow's calendar.
  const schema = useMemo(() => createAddAccountSchema({ clock }), [clock]);
  const form = useZodForm(schema, { defaultValues: emptyPerson });

  const save = form.handleSubmit(async (payload) => {
    const result = await addAccount(payload);
    if ('data' in result && result.data) {
      dispatch(tokensReceived(toTokenPair(result.data.data.TokenResponse)));
      toast.success('Аккаунт успешно добавлен');
      setTimeout(onAdded, RELOAD_AFTER_ADD_MS);
      return;
    }
    toast.error(UNEXPECTED_ERROR);
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !isLoading && onOpenChange(next)}
      title="Добавление нового аккаунта"
      loading={isLoading}
    >
      <p className={styles.notice}>
        Новый аккаунт спортсмена будет прикреплён к текущему входу и привязан к вашему номеру телефона.
        Переключаться между аккаунтами можно в меню профиля.
      </p>
      <SubmitForm
        className={styles.form}
        onSubmit={save}
        isValid={form.formState.isValid}
        submitting={isLoading}
        submitText="Добавить"
        onCancel={() => onOpenChange(false)}
        cancelText="Отмена"
      >
        <PersonFields form={form} />
      </SubmitForm>
    </Modal>
  );
}
