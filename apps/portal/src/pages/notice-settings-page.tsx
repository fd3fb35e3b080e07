import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  noticeChannelSwitchesSchema,
  noticeKindAudience,
  noticeKindChannels,
  noticeKindNames,
  noticeKinds,
  noticesPagePath,
  type NoticeKind,
  type NoticeSettings,
} from '@fed/contracts';
import {
  messageOf,
  showFieldErrors,
  useNoticeSettingsQuery,
  useSaveNoticeSettingsMutation,
} from '@fed/api-client';
import { selectContractorType } from '@fed/auth-session';
import {
  Checkbox,
  ErrorState,
  FormPart,
  PageSkeleton,
  SubmitForm,
  TextInput,
  formLayoutStyles,
  useToast,
  useZodForm,
} from '@fed/ui-kit';
import styles from './notice-settings-page.module.css';

const settingsFormSchema = z.object({
  email: z.union([
    z.literal(''),
    z
      .email({ message: 'Введите адрес электронной почты, например name@example.ru' })
      .max(254, 'Адрес слишком длинный'),
  ]),
  kinds: z.record(z.enum(noticeKinds), noticeChannelSwitchesSchema),
});
type SettingsForm = z.infer<typeof settingsFormSchema>;

function SettingsFields({ settings }: { settings: NoticeSettings }) {
  const toast = useToast();
  // Only the kinds about the signed-in side's own affairs; the others keep their values and are saved as they were.
  const audience = useSelector(selectContractorType) === 'organization' ? 'organization' : 'sportsman';
  const kinds = noticeKinds.filter((kind) => noticeKindAudience[kind] === audience);
  const [save, saving] = useSaveNoticeSettingsMutation();
  const form = useZodForm(settingsFormSchema, {
    defaultValues: { email: settings.email ?? '', kinds: settings.kinds },
  });
  const submit = form.handleSubmit(async (values: SettingsForm) => {
    const result = await save({ email: values.email === '' ? null : values.email, kinds: values.kinds });
    if ('error' in result) {
      if (!showFieldErrors(form, result.error)) toast.error(messageOf(result.error));
      return;
    }
    toast.success('Настройки уведомлений сохранены');
  });
  const emailError = form.formState.errors.email?.message;
  return (
    <SubmitForm
      onSubmit={submit}
      isValid={form.formState.isValid}
      submitting={saving.isLoading}
      submitText="Сохранить"
    >
      <FormPart legend="Куда писать">
        <TextInput
          label="Электронная почта"
          type="email"
          autoComplete="email"
          hint={
            audience === 'organization'
              ? 'На неё придут письма о новых заявках и проверке документов. СМС приходят на номер входа.'
              : 'На неё придут письма об оплатах, возвратах и заявках. СМС приходят на номер входа.'
          }
          error={emailError}
          {...form.register('email')}
        />
      </FormPart>
      <FormPart
        legend="Что присылать"
        note="На портале уведомления видны всегда. СМС — только о срочном, с 9:00 до 22:00 по Москве."
      >
        <table className={styles.table}>
          <caption className="visually-hidden">Уведомления по видам и каналам</caption>
          <thead>
            <tr>
              <th scope="col">Вид</th>
              <th scope="col">СМС</th>
              <th scope="col">Эл. почта</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind: NoticeKind) => (
              <tr key={kind}>
                <th scope="row">{noticeKindNames[kind]}</th>
                <td>
                  {noticeKindChannels(kind).includes('sms') ? (
                    <Checkbox
                      label={<span className="visually-hidden">{`${noticeKindNames[kind]}: СМС`}</span>}
                      {...form.register(`kinds.${kind}.sms`)}
                    />
                  ) : (
                    <span className={styles.none} title="Только о срочном">
                      —
                    </span>
                  )}
                </td>
                <td>
                  <Checkbox
                    label={<span className="visually-hidden">{`${noticeKindNames[kind]}: эл. почта`}</span>}
                    {...form.register(`kinds.${kind}.email`)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </FormPart>
    </SubmitForm>
  );
}

/** «Настройки уведомлений»: the e-mail address, and each kind by SMS and by e-mail (kinds × channels). */
export function NoticeSettingsPage() {
  const query = useNoticeSettingsQuery();
  return (
    <div className={formLayoutStyles.page}>
      <h1 className={formLayoutStyles.title}>Настройки уведомлений</h1>
      <p>
        <Link to={noticesPagePath}>← К уведомлениям</Link>
      </p>
      {query.data ? (
        <SettingsFields settings={query.data} />
      ) : query.isError ? (
        <ErrorState title="Не удалось загрузить настройки" onRetry={() => void query.refetch()}>
          {messageOf(query.error)}
        </ErrorState>
      ) : (
        <PageSkeleton label="Загрузка настроек…" />
      )}
    </div>
  );
}
