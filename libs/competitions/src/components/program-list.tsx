import type { AgeClassRecord, ProgramRecord } from '@fed/contracts';
import { formatMoney } from '@fed/validation';
import { ageClassNames, disciplineName, groupByDiscipline, programAudience } from '../model/programs';
import styles from './program-list.module.css';

export interface ProgramListProps {
  programs: readonly ProgramRecord[];
  ageClasses: readonly AgeClassRecord[];
  /** Level of the discipline headings, under the section's own heading. */
  headingLevel?: 3 | 4;
}

/** What a program is for, in one line: who, which age classes, which weight. */
export function ProgramFacts({
  program,
  ageClasses,
}: {
  program: ProgramRecord;
  ageClasses: readonly AgeClassRecord[];
}) {
  const classes = ageClassNames(program, ageClasses);
  return (
    <span className={styles.facts}>
      <span className={styles.audience}>{programAudience(program)}</span>
      {classes.length > 0 && <span>{classes.join(', ')}</span>}
      {program.weight_category && <span>{program.weight_category}</span>}
    </span>
  );
}

/** One program on a line: its name and fee, and under them who may enter. */
export function ProgramLine({
  program,
  ageClasses,
  as: Tag = 'span',
  className,
}: {
  program: ProgramRecord;
  ageClasses: readonly AgeClassRecord[];
  as?: 'span' | 'li';
  className?: string;
}) {
  return (
    <Tag className={[styles.line, className].filter(Boolean).join(' ')}>
      <span className={styles.name}>{program.__name}</span>
      <ProgramFacts program={program} ageClasses={ageClasses} />
      <span className={styles.fee}>{formatMoney(program.fee)}</span>
    </Tag>
  );
}

/** The programs of an event by discipline: name, who may enter, age classes, weight, fee. */
export function ProgramList({ programs, ageClasses, headingLevel = 3 }: ProgramListProps) {
  const Heading = `h${headingLevel}` as const;
  if (programs.length === 0) return <p className={styles.none}>Программы ещё не объявлены.</p>;
  return (
    <div className={styles.groups}>
      {groupByDiscipline(programs).map((group) => (
        <section
          key={group.discipline.code}
          className={styles.group}
          aria-label={disciplineName(group.discipline)}
        >
          <Heading className={styles.discipline}>{disciplineName(group.discipline)}</Heading>
          <ul className={styles.programs}>
            {group.programs.map((program) => (
              <ProgramLine
                key={program.__id}
                as="li"
                className={styles.program}
                program={program}
                ageClasses={ageClasses}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
