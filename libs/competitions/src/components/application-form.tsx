import { useId, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { publicConfig } from '@fed/api-client';
import type {
  AgeClassRecord,
  ApplicationEligibility,
  ElmaMoney,
  EventDetails,
  ProgramRecord,
} from '@fed/contracts';
import { Checkbox, formLayoutStyles, FormPart, SubmitForm, TextInput, useZodForm } from '@fed/ui-kit';
import { formatMoney } from '@fed/validation';
import { sumMoney } from '../lib/money';
import {
  applicationFormSchema,
  openProgramsFirst,
  programChoices,
  type ApplicationFormValues,
  type ProgramChoice,
} from '../model/application-form';
import { disciplineName, groupByDiscipline } from '../model/programs';
import { ProgramLine } from './program-list';
import styles from './application-form.module.css';

export interface ApplicationFormProps {
  event: EventDetails;
  ageClasses: readonly AgeClassRecord[];
  eligibility: ApplicationEligibility | undefined;
  defaultValues: ApplicationFormValues;
  /** Applying needs the sportsman agreement; a change keeps the one given when applying. */
  requireOffer: boolean;
  /** Programs the application already holds: they can be dropped even when no longer open to the athlete. */
  heldProgramIds?: readonly string[];
  submitText: string;
  submitting: boolean;
  onSubmit: (values: ApplicationFormValues) => unknown;
  /** What is paid with the entry fee in the same order (the missing membership), added to the total. */
  extraFees?: ReadonlyArray<{ label: string; amount: ElmaMoney }>;
}

function ProgramOption({
  program,
  ageClasses,
  choice,
  checked,
  held,
  onToggle,
  onBlur,
}: {
  program: ProgramRecord;
  ageClasses: readonly AgeClassRecord[];
  choice: ProgramChoice | undefined;
  checked: boolean;
  held: boolean;
  onToggle: (checked: boolean) => void;
  onBlur: () => void;
}) {
  const open = choice?.eligible ?? true;
  const why = open ? undefined : choice?.reasons.map((reason) => reason.message).join('. ');
  return (
    <Checkbox
      className={styles.option}
      checked={checked}
      disabled={!open && !(held && checked)}
      hint={why}
      onChange={(event) => onToggle(event.target.checked)}
      onBlur={onBlur}
      label={<ProgramLine program={program} ageClasses={ageClasses} />}
    />
  );
}

/**
 * Programs (closed ones disabled, with the reason beside them), coach, the agreement and the total fee.
 * The submit stays disabled until a program is chosen and, to apply, the agreement is accepted; the values
 * stay as they are when a submit fails.
 */
export function ApplicationForm({
  event,
  ageClasses,
  eligibility,
  defaultValues,
  requireOffer,
  heldProgramIds = [],
  submitText,
  submitting,
  onSubmit,
  extraFees = [],
}: ApplicationFormProps) {
  const schema = useMemo(() => applicationFormSchema({ requireOffer }), [requireOffer]);
  const form = useZodForm(schema, { defaultValues });
  const chosen = useWatch({ control: form.control, name: 'programIds' });
  const accepted = useWatch({ control: form.control, name: 'acceptOffer' });
  const choices = programChoices(eligibility);
  const total = sumMoney(
    event.programs.filter((program) => chosen.includes(program.__id)).map((program) => program.fee),
    event.fee.currency,
  );
  const programsErrorId = useId();
  const missing = [
    chosen.length === 0 && 'выберите программу',
    requireOffer && !accepted && 'примите соглашение спортсмена',
  ].filter(Boolean);
  const { errors } = form.formState;

  return (
    <SubmitForm
      className={formLayoutStyles.form}
      onSubmit={form.handleSubmit(onSubmit)}
      isValid={form.formState.isValid}
      submitting={submitting}
      submitText={submitText}
    >
      <Controller
        control={form.control}
        name="programIds"
        render={({ field, fieldState }) => (
          <FormPart legend="Программы" aria-describedby={fieldState.error ? programsErrorId : undefined}>
            {groupByDiscipline(event.programs).map((group) => (
              <div key={group.discipline.code} className={styles.group}>
                <p className={styles.discipline}>{disciplineName(group.discipline)}</p>
                {openProgramsFirst(group.programs, choices, heldProgramIds).map((program) => (
                  <ProgramOption
                    key={program.__id}
                    program={program}
                    ageClasses={ageClasses}
                    choice={choices.get(program.__id)}
                    checked={field.value.includes(program.__id)}
                    held={heldProgramIds.includes(program.__id)}
                    onBlur={field.onBlur}
                    onToggle={(checked) =>
                      field.onChange(
                        checked
                          ? [...field.value, program.__id]
                          : field.value.filter((id) => id !== program.__id),
                      )
                    }
                  />
                ))}
              </div>
            ))}
            {fieldState.error && (
              <p id={programsErrorId} className={formLayoutStyles.error}>
                {fieldState.error.message}
              </p>
            )}
          </FormPart>
        )}
      />
      <TextInput
        label="Тренер"
        hint="Необязательно: фамилия и инициалы тренера"
        autoComplete="off"
        error={errors.coach?.message}
        {...form.register('coach')}
      />
      {requireOffer && (
        <Checkbox
          error={errors.acceptOffer?.message}
          label={
            <>
              Я принимаю{' '}
              <a
                href={`/documents/${publicConfig().offerDocumentIds.sportsman}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                соглашение спортсмена
              </a>
            </>
          }
          {...form.register('acceptOffer')}
        />
      )}
      <div className={styles.summary}>
        <p className={styles.total} aria-live="polite">
          Взнос за выбранные программы: <strong>{formatMoney(total)}</strong>
        </p>
        {extraFees.map((fee) => (
          <p key={fee.label} className={styles.total}>
            {fee.label}: <strong>{formatMoney(fee.amount)}</strong>
          </p>
        ))}
        {extraFees.length > 0 && (
          <p className={styles.total} aria-live="polite">
            Итого к оплате:{' '}
            <strong>{formatMoney(sumMoney([total, ...extraFees.map((fee) => fee.amount)]))}</strong>
          </p>
        )}
        {missing.length > 0 && (
          <p className={formLayoutStyles.note}>Чтобы продолжить, {missing.join(' и ')}.</p>
        )}
      </div>
    </SubmitForm>
  );
}
