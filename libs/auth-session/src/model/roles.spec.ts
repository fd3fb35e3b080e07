import { describe, expect, it } from 'vitest';
import { roleDisplayName } from './roles';

describe('roles', () => {
  it('shows the Russian names of the two roles', () => {
    expect(roleDisplayName('sportsman')).toBe('Спортсмен');
    expect(roleDisplayName('organization')).toBe('Организация');
  });
});
