import type { ContractorType } from '@fed/contracts';

const roleDisplayNames: Record<ContractorType, string> = {
  sportsman: 'Спортсмен',
  organization: 'Организация',
};

/** Spec §3 "Roles": how the portal names each contractor type. */
export function roleDisplayName(role: ContractorType): string {
  return roleDisplayNames[role];
}
