import type { PhotoVideoPackage, PhotoVideoPerformance, PhotoVideoPrice } from '@fed/contracts';

/** A performance's choice on the form: a package, or nothing. */
export type Choice = PhotoVideoPackage | '';

export const performanceKey = (performance: Pick<PhotoVideoPerformance, 'entryId' | 'programId'>) =>
  `${performance.entryId}/${performance.programId}`;

/** A sale that may still change: ordered and unpaid. */
export const isOpenSale = (performance: PhotoVideoPerformance) => performance.sale?.editable === true;

/** Paid (or delivered): nothing to choose any more. */
export const isBought = (performance: PhotoVideoPerformance) =>
  performance.sale !== null && !performance.sale.editable;

/** The form's first choices: what each open sale holds now, nothing for the rest. */
export function initialChoices(performances: readonly PhotoVideoPerformance[]): Record<string, Choice> {
  return Object.fromEntries(
    performances.map((performance) => [
      performanceKey(performance),
      isOpenSale(performance) ? ((performance.sale?.package[0]?.code ?? '') as Choice) : '',
    ]),
  );
}

/** What the submit must do to make the platform hold the choices, and the cents it will cost. */
export interface OrderPlan {
  create: Array<{ entryId: string; programId: string; package: PhotoVideoPackage }>;
  change: Array<{ saleId: string; package: PhotoVideoPackage }>;
  cancel: string[];
  /** Requests of the open sales that stay: with the created ones, the order's lines. */
  keep: string[];
  total: number;
}

export function planOrder(
  performances: readonly PhotoVideoPerformance[],
  choices: Record<string, Choice>,
  prices: readonly PhotoVideoPrice[],
): OrderPlan {
  const price = (code: Choice) => prices.find((entry) => entry.code === code)?.price.cents ?? 0;
  const plan: OrderPlan = { create: [], change: [], cancel: [], keep: [], total: 0 };
  for (const performance of performances) {
    if (isBought(performance)) continue;
    const choice = choices[performanceKey(performance)] ?? '';
    const sale = performance.sale;
    if (choice !== '') plan.total += price(choice);
    if (!sale) {
      if (choice !== '') {
        plan.create.push({ entryId: performance.entryId, programId: performance.programId, package: choice });
      }
      continue;
    }
    if (choice === '') {
      plan.cancel.push(sale.__id);
      continue;
    }
    if (sale.package[0]?.code !== choice) plan.change.push({ saleId: sale.__id, package: choice });
    const requestId = sale.request?.[0];
    if (requestId) plan.keep.push(requestId);
  }
  return plan;
}
