import { describe, expect, it } from 'vitest';
import { isContractorType, roleDisplayName } from './roles';

describe('roles', () => {
  it('shows the Russian names of the two roles', () => {
    expect(roleDisplayName('sportsman')).toBe('Спортсмен');
    expect(roleDisplayName('organization')).toBe('Организация');
  });

  it('recognises only the two contractor types', () => {
    expect(isContractorType('sportsman')).toBe(true);
    expect(isContractorType('organization')).toBe(true);
    expect(isContractorType('admin')).toBe(false);
    expect(isContractorType(undefined)).toBe(false);
  });
});
