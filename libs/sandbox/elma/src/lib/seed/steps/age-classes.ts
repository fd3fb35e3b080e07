import { platformApps } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import type { Prng } from '../prng';
import type { AgeClassSeed, SeedContext } from '../seed-context';

export function ageClassSeeds(prng: Prng): AgeClassSeed[] {
  const rows: Array<Omit<AgeClassSeed, 'id'>> = [
    { code: 'deti_6_7', nazvanie: 'Дети 6–7 лет', sortirovka: 1, age_from: 6, age_to: 7 },
    { code: 'deti_8_9', nazvanie: 'Дети 8–9 лет', sortirovka: 2, age_from: 8, age_to: 9 },
    { code: 'deti_10_11', nazvanie: 'Дети 10–11 лет', sortirovka: 3, age_from: 10, age_to: 11 },
    { code: 'yunoshi_12_13', nazvanie: 'Юноши и девушки 12–13 лет', sortirovka: 4, age_from: 12, age_to: 13 },
    { code: 'kadety_14_15', nazvanie: 'Кадеты 14–15 лет', sortirovka: 5, age_from: 14, age_to: 15 },
    { code: 'yuniory_16_17', nazvanie: 'Юниоры 16–17 лет', sortirovka: 6, age_from: 16, age_to: 17 },
    { code: 'molodezh_18_20', nazvanie: 'Молодёжь 18–20 лет', sortirovka: 7, age_from: 18, age_to: 20 },
    { code: 'veterany_35', nazvanie: 'Ветераны 35 лет и старше', sortirovka: 8, age_from: 35, age_to: null },
    {
      code: 'vzroslye_18',
      nazvanie: 'Мужчины и женщины 18 лет и старше',
      sortirovka: 9,
      age_from: 18,
      age_to: null,
    },
  ];
  return [
    ...rows.map((row) => ({ id: prng.uuid(), ...row })),
    {
      id: sandboxPublicConfig.defaultAgeClassId,
      code: 'open',
      nazvanie: 'Открытый класс',
      sortirovka: 100,
      age_from: null,
      age_to: null,
    },
  ];
}

/** The federation's age classes, and the open class every program may fall back on. */
export function seedAgeClasses(context: SeedContext): void {
  context.ageClasses = ageClassSeeds(context.prng);
  context.items.add(
    platformApps.ageClasses,
    ...context.ageClasses.map(({ id, nazvanie, ...fields }) => ({
      id,
      name: nazvanie,
      fields: { nazvanie, ...fields },
      createdAt: context.longAgo,
    })),
  );
}
