import { platformApps } from '@fed/contracts';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../services/memberships.service';
import type { SeedContext } from '../seed-context';

/**
 * The federation's settings record: membership for a calendar year, 1 500 ₽, reminders 30 days ahead, a photo
 * required. Last of the steps and drawing nothing, so no other row changes.
 */
export function seedSettings(context: SeedContext): void {
  context.items.add(platformApps.settings, {
    id: 'c0de0009-0000-4000-8000-000000000001',
    name: 'Настройки федерации',
    fields: { ...DEFAULT_MEMBERSHIP_SETTINGS },
    createdAt: context.longAgo,
  });
}
