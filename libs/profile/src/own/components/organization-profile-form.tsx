import { suggestAddresses } from '@fed/api-client';
import {
  AddressInput,
  FormField,
  formLayoutStyles,
  FormPart,
  PhoneInput,
  TextInput,
  type AddressSuggestion,
} from '@fed/ui-kit';
import { ORGANIZATION_NAME_MAX_LENGTH } from '@fed/validation';
import {
  ORGANIZATION_LIMITS,
  organizationProfileForm,
  type OrganizationFormRecord,
} from '../model/organization-form';
import { useProfileForm } from '../model/use-profile-form';
import {
  ContactFields,
  PictureGroup,
  ProfileCityField,
  ProfileFormFrame,
  type ProfileFormProps,
} from './profile-form-parts';

/** Addresses down to the house, anywhere in the spec's countries. */
const loadAddresses = (query: string, signal: AbortSignal) =>
  suggestAddresses(query, { signal, toBound: 'house' }) as Promise<AddressSuggestion[]>;

/** A BIC or an account: digits, nothing for the browser to remember or offer. */
const bankNumber = { inputMode: 'numeric', autoComplete: 'off' } as const;

export type OrganizationProfileFormProps = ProfileFormProps<OrganizationFormRecord>;

/**
 * The club's profile (spec §7 organization update context): name, site, city and address from suggestions, contact
 * phone with the country's mask, e-mail, the VK link and whether others see it, bank details (the BIC-keyed
 * control digits checked here as the platform checks them) and the logo. A failed save keeps every value.
 */
export function OrganizationProfileForm({ record, onDone, onCancel }: OrganizationProfileFormProps) {
  const { form, frame, picture } = useProfileForm(organizationProfileForm, { record, onDone });
  const { errors } = form.formState;
  // The accounts' control digits hang on the BIC: a changed BIC judges them again.
  const bic = form.register('bic', {
    onChange: () => {
      const touched = form.formState.touchedFields;
      const again = (['bankAccount', 'correspondentAccount'] as const).filter((field) => touched[field]);
      if (again.length > 0) void form.trigger(again);
    },
  });

  return (
    <ProfileFormFrame aria-label="Профиль организации" {...frame} onCancel={onCancel}>
      <PictureGroup {...picture} name={record.__name} />

      <FormPart legend="Основное" fields="two-across">
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
        <ProfileCityField control={form.control} />
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
      </FormPart>

      <FormPart
        legend="Контакты"
        note="Контактный телефон, почта и сайт видны всем на странице клуба."
        fields="two-across"
      >
        <FormField control={form.control} name="phone">
          {(field) => <PhoneInput label="Контактный телефон" {...field} />}
        </FormField>
        <ContactFields form={form} vkLinkAvailableLabel="Показывать ссылку ВКонтакте на странице клуба" />
      </FormPart>

      <FormPart legend="Банковские реквизиты" note="Видны только вашей организации." fields="two-across">
        <div className={formLayoutStyles.wide}>
          <TextInput
            label="Банк"
            maxLength={ORGANIZATION_LIMITS.bankMax}
            {...form.register('bank')}
            error={errors.bank?.message}
          />
        </div>
        <TextInput label="БИК" {...bankNumber} maxLength={9} {...bic} error={errors.bic?.message} />
        <TextInput
          label="Корреспондентский счёт"
          {...bankNumber}
          maxLength={20}
          {...form.register('correspondentAccount')}
          error={errors.correspondentAccount?.message}
        />
        <TextInput
          label="Расчётный счёт"
          {...bankNumber}
          maxLength={20}
          {...form.register('bankAccount')}
          error={errors.bankAccount?.message}
        />
      </FormPart>
    </ProfileFormFrame>
  );
}
