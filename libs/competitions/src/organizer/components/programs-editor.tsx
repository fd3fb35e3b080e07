import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { disciplines, programTypes } from '@fed/contracts';
import { Button, formLayoutStyles, Select, TextInput } from '@fed/ui-kit';
import { useAgeClassesQuery } from '../../api/events-api';
import {
  emptyProgram,
  programGenderLabels,
  programGenders,
  type CompetitionDraft,
  type CompetitionFormValues,
} from '../model/competition-form';
import styles from './competition-form.module.css';

export interface ProgramsEditorProps {
  form: UseFormReturn<CompetitionFormValues, unknown, CompetitionDraft>;
}

const disciplineOptions = Object.entries(disciplines).map(([value, text]) => ({ value, text }));
const programTypeOptions = Object.entries(programTypes).map(([value, { name }]) => ({ value, text: name }));
const genderOptions = programGenders.map((value) => ({ value, text: programGenderLabels[value] }));

/**
 * The programs of the event, one row each: discipline, program type, who it is for, age class, weight
 * category and entry fee. Rows are added and removed; the last one stays (an event has at least one).
 */
export function ProgramsEditor({ form }: ProgramsEditorProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'programs' });
  const ageClasses = useAgeClassesQuery();
  const ageClassOptions = [...(ageClasses.data?.result ?? [])]
    .sort((a, b) => a.sortirovka - b.sortirovka)
    .map((ageClass) => ({ value: ageClass.__id, text: ageClass.nazvanie }));
  const errors = form.formState.errors.programs;
  // "At least one program" is an error of the list itself, not of a row.
  const listError = errors?.root?.message ?? errors?.message;

  return (
    <div className={styles.programs}>
      {fields.map((row, index) => {
        const number = index + 1;
        const rowErrors = errors?.[index];
        return (
          <fieldset key={row.id} className={styles.program}>
            <legend className={styles.programTitle}>Программа {number}</legend>
            <div className={`${formLayoutStyles.fields} ${styles.programFields}`}>
              <Select
                label="Дисциплина"
                options={disciplineOptions}
                placeholder="Выберите"
                required
                {...form.register(`programs.${index}.discipline`)}
                error={rowErrors?.discipline?.message}
              />
              <Select
                label="Тип программы"
                options={programTypeOptions}
                placeholder="Выберите"
                required
                {...form.register(`programs.${index}.programType`)}
                error={rowErrors?.programType?.message}
              />
              <Select
                label="Пол"
                options={genderOptions}
                required
                {...form.register(`programs.${index}.gender`)}
                error={rowErrors?.gender?.message}
              />
              <Select
                label="Возрастной класс"
                options={ageClassOptions}
                placeholder="Выберите"
                loading={ageClasses.isLoading}
                required
                {...form.register(`programs.${index}.ageClassId`)}
                error={
                  ageClasses.isError
                    ? 'Не удалось загрузить возрастные классы'
                    : rowErrors?.ageClassId?.message
                }
              />
              <TextInput
                label="Весовая категория"
                placeholder="Например, −60 кг"
                {...form.register(`programs.${index}.weightCategory`)}
                error={rowErrors?.weightCategory?.message}
              />
              <TextInput
                label="Взнос, ₽"
                inputMode="numeric"
                required
                {...form.register(`programs.${index}.feeRub`)}
                error={rowErrors?.feeRub?.message}
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              className={styles.removeProgram}
              onClick={() => remove(index)}
              disabled={fields.length === 1}
              aria-label={`Удалить программу ${number}`}
            >
              Удалить
            </Button>
          </fieldset>
        );
      })}
      {listError && (
        <p className={formLayoutStyles.error} role="alert">
          {listError}
        </p>
      )}
      <Button variant="secondary" onClick={() => append(emptyProgram)}>
        Добавить программу
      </Button>
    </div>
  );
}
