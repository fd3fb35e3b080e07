import { Inject, Injectable } from '@nestjs/common';
import { platformApps, type AgeClassRecord, type SportsmanAgeClass } from '@fed/contracts';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { ageClassesFor } from './eligibility';

/**
 * Age classes: the rule that puts an athlete into them (`ageClassesFor`, sport age = season year minus birth
 * year) lives in `@fed/contracts` beside the eligibility check that uses it too. The portal takes the class
 * with the lowest `sortirovka`.
 */
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
