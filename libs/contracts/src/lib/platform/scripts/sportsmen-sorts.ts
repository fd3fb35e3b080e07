/** Orders of the athletes' directory: by name, by age class (the class's `sortirovka`, then name), by city. */
export const sportsmenSorts = ['name_asc', 'name_desc', 'age_class', 'city'] as const;
export type SportsmenSort = (typeof sportsmenSorts)[number];
