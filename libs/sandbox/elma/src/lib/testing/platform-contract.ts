import { describe } from 'vitest';
import { applicationModuleContract } from './contract/application-module.contract';
import { appItemsContract } from './contract/app-items.contract';
import { authAndErrorsContract } from './contract/auth-and-errors.contract';
import { contractClient, type ContractArea, type ContractTarget } from './contract/contract-client';
import { diskContract } from './contract/disk.contract';
import { functionsModuleContract } from './contract/functions-module.contract';
import { insuranceModuleContract } from './contract/insurance-module.contract';
import { processesContract } from './contract/processes.contract';
import { requestsModuleContract } from './contract/requests-module.contract';

export type { ContractTarget } from './contract/contract-client';

/**
 * The areas of the contract, one file each under `contract/`. Every area's reads run first, on the seeded data;
 * then, where writing is allowed, every area's writes in this order, each on what the earlier ones left.
 */
const AREAS: readonly ContractArea[] = [
  authAndErrorsContract,
  appItemsContract,
  processesContract,
  applicationModuleContract,
  requestsModuleContract,
  insuranceModuleContract,
  functionsModuleContract,
  diskContract,
];

/**
 * The platform's HTTP contract as the portal's server relies on it. The same tests run against the twin and,
 * with `CONTRACT_PLATFORM_URL` and `CONTRACT_PLATFORM_TOKEN` set, against a real upstream (reads and error
 * answers only, unless `CONTRACT_PLATFORM_WRITES=1`).
 */
export function platformContractSuite(getTarget: () => ContractTarget, options: { writes: boolean }): void {
  const client = contractClient(getTarget);
  for (const area of AREAS) area.reads?.(client);
  describe.runIf(options.writes)('writes', () => {
    for (const area of AREAS) area.writes?.(client);
  });
}
