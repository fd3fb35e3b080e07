import { describe, expect, it } from 'vitest';
import { isContractorType } from './contractor-types';
import { contractorTypeSchema } from './records';

describe('contractor types', () => {
  it('knows the two roles of spec §3 and nothing else', () => {
    expect(isContractorType('sportsman')).toBe(true);
    expect(isContractorType('organization')).toBe(true);
    expect(isContractorType('admin')).toBe(false);
    expect(isContractorType(undefined)).toBe(false);
  });

  it('are the values the wire schema accepts', () => {
    expect(contractorTypeSchema.options).toEqual(['sportsman', 'organization']);
  });
});
