/*
 * Plain constants, apart from the schemas of `records.ts`: the portal reads the access token's
 * `ContractorType` claim on every page and must not ship zod for that.
 */

/** Spec §3 "Roles": what a login acts as, the `representative_new` code of a `sportsman` app item. */
export const contractorTypes = ['sportsman', 'organization'] as const;
export type ContractorType = (typeof contractorTypes)[number];

export function isContractorType(value: unknown): value is ContractorType {
  return typeof value === 'string' && (contractorTypes as readonly string[]).includes(value);
}
