import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LEGAL_REPRESENTATIVE_ANCHOR, type LegalRepresentativeRecord } from '@fed/contracts';
import {
  Button,
  Card,
  DateInput,
  ErrorState,
  Fact,
  FactList,
  formatEventDay,
  FormField,
  formLayoutStyles,
  Notice,
  PageSkeleton,
  Section,
  SubmitForm,
  useClock,
  useToast,
  useZodForm,
} from '@fed/ui-kit';
import { useLegalRepresentativeQuery, useSaveLegalRepresentativeMutation } from '../../api/own-profile-api';
import {
  createRepresentativeFormSchema,
  representativeFormValues,
  type RepresentativeFormValues,
} from '../model/representative-form';
import { showSaveErrors, type ApiFieldMap } from '../model/save-errors';
import { NameFields } from './name-fields';
import styles from './cabinet.module.css';

const apiFields: ApiFieldMap<RepresentativeFormValues> = {
  lastname: 'lastName',
  firstname: 'firstName',
  middlename: 'middleName',
  date_of_birth: 'birthDate',
};

interface RepresentativeFormProps {
  sportsmanId: string;
  representative: LegalRepresentativeRecord | null;
  onDone: () => void;
  onCancel?: () => void;
  /** Opened by «Изменить», which is gone now: the keyboard goes on from the first field. */
  focusFirst?: boolean;
}

/**
 * The representative's name and birth date (an adult); saved by `createUpdateLegalRepresentative` with these alone
 * (the platform takes the athlete from the call's `userId`: the active account, `sportsmanId`).
 */
function RepresentativeForm({
  sportsmanId,
  representative,
  onDone,
  onCancel,
  focusFirst = false,
}: RepresentativeFormProps) {
  const toast = useToast();
  const [save, { isLoading }] = useSaveLegalRepresentativeMutation();
  const clock = useClock();
  const schema = useMemo(() => createRepresentativeFormSchema({ clock }), [clock]);
  const form = useZodForm(schema, { defaultValues: representativeFormValues(representative) });

  useEffect(() => {
    if (focusFirst) form.setFocus('lastName');
  }, [focusFirst, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      // The call's failure is logged by the base query and rethrown here by unwrap() (spec §8).
      await save({ sportsmanId, representative: values }).unwrap();
    } catch (error) {
      toast.error(showSaveErrors(form, error as Parameters<typeof showSaveErrors>[1], apiFields));
      return;
    }
    toast.success('Законный представитель сохранён');
    onDone();
  });

  return (
    <SubmitForm
      className={formLayoutStyles.form}
      aria-label="Законный представитель"
      onSubmit={submit}
      isValid={form.formState.isValid}
      submitting={isLoading}
      submitText="Сохранить представителя"
      onCancel={onCancel}
      cancelText="Отмена"
    >
      <div className={formLayoutStyles.fields}>
        <NameFields form={form} own={false} />
        <FormField control={form.control} name="birthDate">
          {(field) => (
            <DateInput
              label="Дата рождения представителя"
              {...field}
              hint="ДД.ММ.ГГГГ, ему должно быть 18 лет или больше"
              required
            />
          )}
        </FormField>
      </div>
    </SubmitForm>
  );
}

/**
 * A minor's legal representative (the parent or guardian who answers for the child): shown, added or changed. The
 * apply page's refusal «добавьте законного представителя» links here (`/profile#legal-representative`), so the
 * section scrolls into view when the address names it.
 */
export function LegalRepresentativeSection({ sportsmanId }: { sportsmanId: string }) {
  const { data, isLoading, isError, refetch } = useLegalRepresentativeQuery(sportsmanId);
  const [editing, setEditing] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const representative = data?.data ?? null;
  const loaded = data !== undefined;

  useEffect(() => {
    if (hash !== `#${LEGAL_REPRESENTATIVE_ANCHOR}` || !loaded) return;
    anchor.current?.scrollIntoView({ block: 'start' });
    // Where the link led is where the keyboard and a screen reader go on from.
    anchor.current?.focus({ preventScroll: true });
  }, [hash, loaded]);

  return (
    <div id={LEGAL_REPRESENTATIVE_ANCHOR} ref={anchor} className={styles.anchor} tabIndex={-1}>
      <Section
        title="Законный представитель"
        actions={
          representative &&
          !editing && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Изменить
            </Button>
          )
        }
      >
        <Card padding="fluid">
          {isLoading ? (
            <PageSkeleton label="Загружаем законного представителя" />
          ) : isError && !loaded ? (
            <ErrorState title="Не удалось загрузить законного представителя" onRetry={() => void refetch()} />
          ) : representative && !editing ? (
            <FactList className={styles.facts}>
              <Fact term="ФИО">
                {[representative.lastname, representative.firstname, representative.middlename]
                  .filter(Boolean)
                  .join(' ')}
              </Fact>
              <Fact term="Дата рождения">{formatEventDay(representative.date_of_birth)}</Fact>
            </FactList>
          ) : (
            <div className={styles.profile}>
              {!representative && (
                <Notice tone="warning" title="Добавьте законного представителя">
                  Спортсмену нет 18 лет: подать заявку на соревнования или членство можно, только когда в
                  профиле указан законный представитель — родитель, усыновитель или опекун.
                </Notice>
              )}
              <RepresentativeForm
                sportsmanId={sportsmanId}
                representative={representative}
                onDone={() => setEditing(false)}
                onCancel={representative ? () => setEditing(false) : undefined}
                focusFirst={editing}
              />
            </div>
          )}
        </Card>
      </Section>
    </div>
  );
}
