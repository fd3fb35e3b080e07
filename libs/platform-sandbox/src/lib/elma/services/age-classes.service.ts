import { Inject, Injectable } from '@nestjs/common';
import { platformApps, type AgeClassRecord, type SportsmanAgeClass } from '@fed/contracts';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';

/**
 * Age classes and the rule that puts an athlete into them: the sport age is the season (calendar) year minus
 * the birth year; an athlete belongs to every class whose `[age_from, age_to]` holds it (an open end is
 * unbounded). The portal takes the class with the lowest `sortirovka`.
 */
export function sportAge(dateOfBirth: string, now: Date): number {
  return now.getUTCFullYear() - new Date(dateOfBirth).getUTCFullYear();
}

export function ageClassesFor(
  dateOfBirth: string | null | undefined,
  classes: readonly AgeClassRecord[],
  now: Date,
): SportsmanAgeClass[] {
  if (!dateOfBirth) return [];
  const age = sportAge(dateOfBirth, now);
  return classes
    .filter((ageClass) => (ageClass.age_from ?? -Infinity) <= age && age <= (ageClass.age_to ?? Infinity))
    .sort((a, b) => a.sortirovka - b.sortirovka)
    .map((ageClass) => ({
      __id: ageClass.__id,
      code: ageClass.code,
      nazvanie: ageClass.nazvanie,
      sortirovka: ageClass.sortirovka,
    }));
}

@Injectable()
export class AgeClassesService {
  private cache: AgeClassRecord[] | null = null;

  constructor(
    private readonly items: ItemsRepository,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  all(): AgeClassRecord[] {
    if (!this.cache) {
      this.cache = this.items
        .list(platformApps.ageClasses, {
          size: 100,
          sortExpressions: [{ field: 'sortirovka', ascending: true }],
        })
        .result.map((item) => item as unknown as AgeClassRecord);
    }
    return this.cache;
  }

  /** Call after any write to the age-class app. */
  invalidate(): void {
    this.cache = null;
  }

  forBirthDate(dateOfBirth: string | null | undefined): SportsmanAgeClass[] {
    return ageClassesFor(dateOfBirth, this.all(), this.options.now());
  }

  /** Adds the computed `age_class` to athlete items (organizations have none). */
  decorate(item: StoredItem): StoredItem {
    const kind = (item['representative_new'] as Array<{ code: string }> | undefined)?.[0]?.code;
    if (kind === 'organization') return item;
    return { ...item, age_class: this.forBirthDate(item['date_of_birth'] as string | undefined) };
  }
}
