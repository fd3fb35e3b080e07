import { describe, expect, it } from 'vitest';
import { inQuietHours, quietHoursEnd } from './quiet-hours';

describe('quiet hours of the SMS the portal sends on its own', () => {
  it('run from 22:00 to 09:00 Moscow time, whatever the server’s zone', () => {
    expect(inQuietHours(new Date('2026-12-01T18:59:59Z'))).toBe(false); // 21:59:59
    expect(inQuietHours(new Date('2026-12-01T19:00:00Z'))).toBe(true); // 22:00
    expect(inQuietHours(new Date('2026-12-01T21:05:00Z'))).toBe(true); // 00:05 on 2 December
    expect(inQuietHours(new Date('2026-12-02T05:59:59Z'))).toBe(true); // 08:59:59
    expect(inQuietHours(new Date('2026-12-02T06:00:00Z'))).toBe(false); // 09:00
  });

  it('end at 09:00 Moscow of the next morning', () => {
    expect(quietHoursEnd(new Date('2026-12-01T19:30:00Z')).toISOString()).toBe('2026-12-02T06:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-12-01T21:05:00Z')).toISOString()).toBe('2026-12-02T06:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-12-31T21:30:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-12-02T10:00:00Z')).toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });
});
