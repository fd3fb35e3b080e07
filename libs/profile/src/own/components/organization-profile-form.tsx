import { useMemo, useState } from 'react';
import { suggestAddresses, suggestCities } from '@fed/api-client';
import { startSession, useSessionDispatch } from '@fed/auth-session';
import type { SportsmanRecord } from '@fed/contracts';
import {
  AddressInput,
  Checkbox,
  FormField,
  PhoneInput,
  SubmitForm,
  TextInput,
  useToast,
  useZodForm,
  type AddressSuggestion,
} from '@fed/ui-kit';
import { ORGANIZATION_NAME_MAX_LENGTH } from '@fed/validation';
import { useUpdateOwnProfileMutation } from '../../api/own-profile-api';
import { VK_LINK_MAX } from '../model/form-pieces';
import {
  createOrganizationFormSchema,
  ORGANIZATION_LIMITS,
  organizationFormValues,
  organizationUpdateContext,
  type OrganizationFormValues,
} from '../model/organization-form';
import { showSaveErrors, type ApiFieldMap } from '../model/save-errors';
import { ImageField } from './image-field';
import styles from './profile-form.module.css';

/** The api's names of the organization update context's fields, by the form's. */
const apiFields: ApiFieldMap<OrganizationFormValues> = {
  'context.organisation_name': 'name',
  'context.sait': 'site',
  'context.gorod': 'city',
  'context.fakti_address': 'address',
  'context.contact_phone': 'phone',
  'context.contact_phone.0.tel': 'phone',
  'context.email': 'email',
  'context.email.0.email': 'email',
  'context.vk_link': 'vkLink',
  'context.bank': 'bank',
  'context.bic': 'bic',
  'context.bank_account': 'bankAccount',
  'context.correspondent_account': 'correspondentAccount',
  'context.logo': 'logo',
};

/** Addresses down to the house, anywhere in the spec's countries. */
const loadAddresses = (query: string, signal: AbortSignal) =>
  suggestAddresses(query, { signal, toBound: 'house' }) as Promise<AddressSuggestion[]>;

export interface OrganizationProfileFormProps {
  record: SportsmanRecord;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The club's profile (spec §7 organization update context): name, site, city and address from suggestions, contact
 * phone with the country's mask, e-mail, the VK link and whether others see it, bank details (the BIC-keyed
 * control digits checked here as the platform checks them) and the logo. A failed save keeps every value.
 */
export function OrganizationProfileForm({ record, onDone, onCancel }: OrganizationProfileFormProps) {
  const toast = useToast();
  const dispatch = useSessionDispatch();
  const [update, { isLoading }] = useUpdateOwnProfileMutation();
  const [logoUploading, setLogoUploading] = useState(false);
  const schema = useMemo(() => createOrganizationFormSchema(), []);
  const form = useZodForm(schema, { defaultValues: organizationFormValues(record) });
  const { errors } = form.formState;
  const vkLink = form.watch('vkLink');
  // The accounts' control digits hang on the BIC: a changed BIC judges them again.
  const bic = form.register('bic', {
    onChange: () => {
      const touched = form.formState.touchedFields;
      const again = (['bankAccount', 'correspondentAccount'] as const).filter((field) => touched[field]);
      if (again.length > 0) void form.trigger(again);
    },
  });

  const save = form.handleSubmit(async (values) => {
    const result = await update(organizationUpdateContext(record, values));
    if ('error' in result) {
      toast.error(showSaveErrors(form, result.error, apiFields));
      return;
    }
    toast.success('Профиль организации сохранён');
    // The header shows the organization's name and logo from the session: it reads the record again.
    void dispatch(startSession());
    onDone();
  });

  return (
    <SubmitForm
      className={styles.form}
      aria-label="Профиль организации"
      onSubmit={save}
      isValid={form.formState.isValid && !logoUploading}
      submitting={isLoading}
      submitText="Сохранить"
      onCancel={onCancel}
      cancelText="Отмена"
    >
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Логотип</legend>
        <FormField control={form.control} name="logo">
          {(field) => (
            <ImageField
              purpose="logo"
              label="Новый логотип"
              name={record.__name}
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={setLogoUploading}
              disabled={isLoading}
            />
          )}
        </FormField>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Основное</legend>
        <div className={styles.fields}>
          <TextInput
            label="Название"
            required
            autoComplete="organization"
            maxLength={ORGANIZATION_NAME_MAX_LENGTH}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextInput
            label="Сайт"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={ORGANIZATION_LIMITS.siteMax}
            {...form.register('site')}
            error={errors.site?.message}
          />
          <FormField control={form.control} name="city" choice>
            {(field) => (
              <AddressInput
                label="Город"
                {...field}
                value={field.value ?? null}
                loadSuggestions={suggestCities}
                placeholder="Начните вводить название"
                required
              />
            )}
          </FormField>
          <FormField control={form.control} name="address" choice>
            {(field) => (
              <AddressInput
                label="Адрес"
                {...field}
                loadSuggestions={loadAddresses}
                placeholder="Город, улица, дом"
                hint="Выберите адрес из подсказок"
                required
              />
            )}
          </FormField>
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Контакты</legend>
        <p className={styles.lead}>Контактный телефон, почта и сайт видны всем на странице клуба.</p>
        <div className={styles.fields}>
          <FormField control={form.control} name="phone">
            {(field) => <PhoneInput label="Контактный телефон" {...field} />}
          </FormField>
          <TextInput
            label="Эл. почта"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput
            label="Ссылка ВКонтакте"
            type="url"
            inputMode="url"
            placeholder="https://vk.com/…"
            maxLength={VK_LINK_MAX}
            {...form.register('vkLink')}
            error={errors.vkLink?.message}
          />
          <div className={styles.wide}>
            <Checkbox
              label="Показывать ссылку ВКонтакте на странице клуба"
              disabled={vkLink.trim() === ''}
              {...form.register('vkLinkAvailable')}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Банковские реквизиты</legend>
        <p className={styles.lead}>Видны только вашей организации.</p>
        <div className={styles.fields}>
          <div className={styles.wide}>
            <TextInput
              label="Банк"
              maxLength={ORGANIZATION_LIMITS.bankMax}
              {...form.register('bank')}
              error={errors.bank?.message}
            />
          </div>
          <TextInput
            label="БИК"
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            {...bic}
            error={errors.bic?.message}
          />
          <TextInput
            label="Корреспондентский счёт"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...form.register('correspondentAccount')}
            error={errors.correspondentAccount?.message}
          />
          <TextInput
            label="Расчётный счёт"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...form.register('bankAccount')}
            error={errors.bankAccount?.message}
          />
        </div>
      </fieldset>
    </SubmitForm>
  );
}
