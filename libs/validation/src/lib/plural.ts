const russianPluralRules = new Intl.PluralRules('ru');

/** The three Russian word forms: for 1 (спортсмен), for 2–4 (спортсмена), for 5–20 (спортсменов). */
export type RussianWordForms = readonly [one: string, few: string, many: string];

/** Picks the Russian word form for a count: `pluralRu(21, ['год', 'года', 'лет'])` → 'год'. */
export function pluralRu(count: number, [one, few, many]: RussianWordForms): string {
  switch (russianPluralRules.select(count)) {
    case 'one':
      return one;
    case 'few':
      return few;
    case 'many':
      return many;
    default:
      // Fractions select 'other' in Russian and read with the genitive singular, the 'few' form: 1,5 года.
      return few;
  }
}
