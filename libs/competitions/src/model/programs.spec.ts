import { describe, expect, it } from 'vitest';
import { adults, juniors, program, programs } from '../testing/fixtures';
import { ageClassNames, groupByDiscipline, lacksAgeClasses, programAudience } from './programs';

describe('programs', () => {
  it('tells who may enter: men, women, or everyone when the program is not split by gender', () => {
    expect(programs.map(programAudience)).toEqual(['Мужчины', 'Женщины', 'Все']);
    // `gender: false` wins over a stray `pol`.
    expect(
      programAudience({
        program_type: { code: 'team', name: 'Командная программа', gender: false },
        pol: [{ code: 'male', name: 'Мужской' }],
      }),
    ).toBe('Все');
  });

  it('groups programs by discipline in the catalogue’s order', () => {
    const groups = groupByDiscipline([
      program({ __id: 'x', __name: 'Ката', discipline: [{ code: 'kata', name: 'Ката' }] }),
      ...programs,
    ]);
    expect(groups.map((group) => [group.discipline.name, group.programs.map((p) => p.__id)])).toEqual([
      ['Кумитэ', ['pr-men', 'pr-women']],
      ['Ката', ['x', 'pr-kata']],
    ]);
  });

  it('names the age classes of a program and notices unknown ones', () => {
    const both = program({ __id: 'y', __name: 'y', age_class: [adults.__id, juniors.__id] });
    expect(ageClassNames(both, [adults, juniors])).toEqual(['Юниоры 16–17 лет', 'Взрослые 18+']);
    expect(lacksAgeClasses([both], [adults])).toBe(true);
    expect(lacksAgeClasses([both], [adults, juniors])).toBe(false);
  });
});
