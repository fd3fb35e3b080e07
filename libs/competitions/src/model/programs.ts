import {
  disciplineCodes,
  disciplines,
  type AgeClassRecord,
  type ElmaCategory,
  type ProgramRecord,
} from '@fed/contracts';

/** Who may enter a program: `program_type.gender === false` means the program is not split by gender. */
export function programAudience(program: Pick<ProgramRecord, 'program_type' | 'pol'>): string {
  if (!program.program_type.gender) return 'Все';
  const gender = program.pol?.[0]?.code;
  if (gender === 'male') return 'Мужчины';
  if (gender === 'female') return 'Женщины';
  return 'Все';
}

export interface ProgramGroup {
  discipline: ElmaCategory;
  programs: ProgramRecord[];
}

const catalogueOrder = (code: string) => {
  const index = disciplineCodes.findIndex((known) => known === code);
  return index === -1 ? disciplineCodes.length : index;
};

/** Programs under their discipline, disciplines in the catalogue's order (unknown ones after, as they come). */
export function groupByDiscipline(programs: readonly ProgramRecord[]): ProgramGroup[] {
  const groups = new Map<string, ProgramGroup>();
  for (const program of programs) {
    const discipline = program.discipline[0] ?? { code: 'other', name: 'Другие программы' };
    const group = groups.get(discipline.code) ?? { discipline, programs: [] };
    group.programs.push(program);
    groups.set(discipline.code, group);
  }
  return [...groups.values()].sort(
    (a, b) => catalogueOrder(a.discipline.code) - catalogueOrder(b.discipline.code),
  );
}

/** The names of a program's age classes, by the platform's order of classes. */
export function ageClassNames(
  program: Pick<ProgramRecord, 'age_class'>,
  ageClasses: readonly AgeClassRecord[],
): string[] {
  return ageClasses
    .filter((ageClass) => program.age_class.includes(ageClass.__id))
    .sort((a, b) => a.sortirovka - b.sortirovka)
    .map((ageClass) => ageClass.nazvanie);
}

/** Whether some program names an age class the list does not hold (then the catalogue is needed). */
export function lacksAgeClasses(
  programs: readonly Pick<ProgramRecord, 'age_class'>[],
  ageClasses: readonly Pick<AgeClassRecord, '__id'>[],
): boolean {
  const known = new Set(ageClasses.map((ageClass) => ageClass.__id));
  return programs.some((program) => program.age_class.some((id) => !known.has(id)));
}

/** A discipline's name, from the catalogue when the code is known. */
export function disciplineName(category: ElmaCategory): string {
  return Object.hasOwn(disciplines, category.code)
    ? disciplines[category.code as keyof typeof disciplines]
    : category.name;
}
