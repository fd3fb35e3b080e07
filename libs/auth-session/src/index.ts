export { CONTRACTOR_TYPES, isContractorType, roleDisplayName, type ContractorType } from './model/roles';
