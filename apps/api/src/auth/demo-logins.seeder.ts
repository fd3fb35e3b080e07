import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DemoPhone } from '@fed/sandbox-fixtures';
import { LoginsRepository } from './logins.repository';

export const DEMO_LOGINS = Symbol('DEMO_LOGINS');

/**
 * In sandbox mode the platform twin seeds a demo federation whose records belong to fixed demo phones; this
 * gives each phone its login with those records bound, so the demo can sign in at once. Idempotent: an
 * existing login keeps what it has, and records already bound are not bound twice.
 */
@Injectable()
export class DemoLoginsSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoLogins');

  constructor(
    private readonly logins: LoginsRepository,
    @Inject(DEMO_LOGINS) private readonly demoPhones: readonly DemoPhone[],
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    let created = 0;
    for (const demo of this.demoPhones) {
      const [first, ...rest] = demo.accountIds;
      if (!first) continue;
      let login = await this.logins.findByPhone(demo.phone);
      if (!login) {
        const fresh = { id: randomUUID(), phone: demo.phone, primaryType: demo.contractorType };
        if (await this.logins.create(fresh, first)) created += 1;
        login = await this.logins.findByPhone(demo.phone);
      }
      if (!login) continue;
      const bound = await this.logins.contractors(login.id);
      const boundIds = new Set([...bound.sportsmanIds, bound.organizationId]);
      for (const id of [first, ...rest]) {
        if (!boundIds.has(id)) await this.logins.bind(login.id, id, demo.contractorType);
      }
    }
    if (created > 0) this.logger.log(`${created} demo logins ready`);
  }
}
