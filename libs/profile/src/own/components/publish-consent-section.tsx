import { useSelector } from 'react-redux';
import { selectClaims } from '@fed/auth-session';
import { publishConsentParts, type SportsmanRecord } from '@fed/contracts';
import {
  Card,
  Checkbox,
  formatDeadline,
  formLayoutStyles,
  FormPart,
  Section,
  SubmitForm,
  useClock,
  useToast,
  useZodForm,
} from '@fed/ui-kit';
import { UNEXPECTED_ERROR, messageOf } from '@fed/api-client';
import { useSetPublishConsentMutation } from '../../api/own-profile-api';
import { consentFormSchema, consentFormValues, consentPartLabels } from '../model/consent-form';
import { isMinor } from '../model/profile-facts';
import styles from './cabinet.module.css';

/**
 * «Публичный профиль»: what others see of the athlete besides the registry's name, club and age class — a consent to
 * publish personal data of its own (152-ФЗ), for a minor the parent's. Nothing is published until it is given;
 * the time of the last choice is shown. Saved by `setPublishConsent` under the login that chose.
 */
export function PublishConsentSection({
  record,
}: {
  record: Pick<SportsmanRecord, '__id' | 'publish_consent' | 'date_of_birth'>;
}) {
  const toast = useToast();
  const loginId = useSelector(selectClaims)?.loginId ?? null;
  const [setConsent, { isLoading }] = useSetPublishConsentMutation();
  const consent = record.publish_consent ?? null;
  const minor = isMinor(record, useClock());
  const form = useZodForm(consentFormSchema, { values: consentFormValues(consent) });

  const save = form.handleSubmit(async (choice) => {
    if (loginId === null) {
      toast.error(UNEXPECTED_ERROR);
      return;
    }
    const result = await setConsent({ sportsmanId: record.__id, ...choice, givenBy: loginId });
    if ('error' in result) {
      toast.error(messageOf(result.error));
      return;
    }
    toast.success('Выбор сохранён');
  });

  return (
    <Section title="Публичный профиль" titleId="publish-consent-title">
      <Card padding="fluid">
        <SubmitForm
          className={formLayoutStyles.form}
          aria-labelledby="publish-consent-title"
          onSubmit={save}
          isValid
          submitting={isLoading}
          submitText="Сохранить выбор"
        >
          <p className={styles.text}>
            {minor
              ? 'Спортсмену нет 18 лет: что из профиля показывать другим, решает родитель или законный представитель. Пока согласия нет, в реестре федерации видны только имя, клуб и возрастной класс.'
              : 'Имя, клуб и возрастной класс видны всем в реестре федерации. Остальное другие увидят, только если вы отметите это ниже: это ваше согласие на распространение персональных данных (152-ФЗ), его можно отозвать, сняв отметки.'}
          </p>
          <FormPart
            legend={
              minor
                ? 'Как родитель (законный представитель), разрешаю показывать'
                : 'Разрешаю показывать всем'
            }
          >
            {publishConsentParts.map((part) => (
              <Checkbox key={part} label={consentPartLabels[part]} {...form.register(part)} />
            ))}
          </FormPart>
          <p className={styles.muted} aria-live="polite">
            {consent
              ? `Последний выбор: ${formatDeadline(consent.givenAt)}, ${
                  consent.givenBy.role === 'parent'
                    ? 'сделан родителем (законным представителем)'
                    : 'сделан самим спортсменом'
                }.`
              : minor
                ? 'Родитель ещё не давал согласия: другим видны только имя, клуб и возрастной класс.'
                : 'Вы ещё не давали согласия: другим видны только имя, клуб и возрастной класс.'}
          </p>
        </SubmitForm>
      </Card>
    </Section>
  );
}
