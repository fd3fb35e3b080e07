import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import { suggestCities } from '@fed/api-client';
import {
  AddressInput,
  Checkbox,
  DateInput,
  Modal,
  RadioGroup,
  SubmitForm,
  TextInput,
  useToast,
} from '@fed/ui-kit';
import {
  addAccountSchema,
  GENDER_LABELS,
  GENDERS,
  type AddAccountFormValues,
  type AddAccountPayload,
} from '@fed/validation';
import { useAddAccountMutation } from '../api/auth-api';
import { UNEXPECTED_ERROR } from '../lib/api-errors';
import { toTokenPair } from '../model/sign-in';
import { tokensReceived } from '../model/session-slice';
import styles from './add-account-dialog.module.css';

/** Spec §9: the page reloads this long after the success toast. */
export const RELOAD_AFTER_ADD_MS = 1000;

const genderOptions = GENDERS.map((gender) => ({ value: gender, text: GENDER_LABELS[gender] }));

const emptyForm: AddAccountFormValues = {
  lastName: '',
  firstName: '',
  middleName: '',
  noMiddleName: false,
  city: null,
  gender: null,
  birthDate: '',
};

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
  const form = useForm<AddAccountFormValues, unknown, AddAccountPayload>({
    resolver: zodResolver(addAccountSchema),
    mode: 'all',
    defaultValues: emptyForm,
  });
  const noMiddleName = form.watch('noMiddleName') === true;
  const error = (field: keyof AddAccountFormValues) => form.formState.errors[field]?.message;

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
        <TextInput
          label="Фамилия"
          autoComplete="family-name"
          required
          {...form.register('lastName')}
          error={error('lastName')}
        />
        <TextInput
          label="Имя"
          autoComplete="given-name"
          required
          {...form.register('firstName')}
          error={error('firstName')}
        />
        <TextInput
          label="Отчество"
          autoComplete="additional-name"
          required={!noMiddleName}
          {...form.register('middleName', { disabled: noMiddleName })}
          error={noMiddleName ? undefined : error('middleName')}
        />
        <Checkbox
          label="Нет отчества"
          {...form.register('noMiddleName', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked) form.setValue('middleName', '');
              void form.trigger('middleName');
            },
          })}
        />
        <Controller
          control={form.control}
          name="city"
          render={({ field, fieldState }) => (
            <AddressInput
              label="Город"
              name={field.name}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              loadSuggestions={suggestCities}
              placeholder="Начните вводить название"
              error={fieldState.error?.message}
              required
            />
          )}
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field, fieldState }) => (
            <RadioGroup
              label="Пол"
              name={field.name}
              options={genderOptions}
              value={field.value ?? undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              required
            />
          )}
        />
        <Controller
          control={form.control}
          name="birthDate"
          render={({ field, fieldState }) => (
            <DateInput
              label="Дата рождения"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              required
            />
          )}
        />
      </SubmitForm>
    </Modal>
  );
}
