/** The two contractor types a login can act as (spec §3 "Roles"). */
export const CONTRACTOR_TYPES = ['sportsman', 'organization'] as const;
export type ContractorType = (typeof CONTRACTOR_TYPES)[number];

const roleDisplayNames: Record<ContractorType, string> = {
  sportsman: 'Спортсмен',
  organization: 'Организация',
};

export function roleDisplayName(role: ContractorType): string {
  return roleDisplayNames[role];
}

export function isContractorType(value: unknown): value is ContractorType {
  return typeof value === 'string' && (CONTRACTOR_TYPES as readonly string[]).includes(value);
}
