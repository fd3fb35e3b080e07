/** An age class as a sportsman record lists it (spec §3). */
export interface AgeClassRef {
  __id: string;
  code?: string;
  nazvanie?: string;
  sortirovka?: number | null;
}

/**
 * The athlete's age class: the one with the lowest `sortirovka` (spec §4). Null when the record lists none;
 * the caller then loads the fixed default age class.
 */
export function pickAgeClass<T extends AgeClassRef>(ageClasses: readonly T[] | null | undefined): T | null {
  let best: T | null = null;
  for (const ageClass of ageClasses ?? []) {
    const order = ageClass.sortirovka ?? Number.POSITIVE_INFINITY;
    const bestOrder = best?.sortirovka ?? Number.POSITIVE_INFINITY;
    if (best === null || order < bestOrder) best = ageClass;
  }
  return best;
}
