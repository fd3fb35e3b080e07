import { Inject, Injectable } from '@nestjs/common';
import type { ContractorType } from '@fed/contracts';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { CLOCK, type Clock } from '../common/clock';

export interface LoginRow {
  id: string;
  phone: string;
  primaryType: ContractorType;
}

export interface LoginContractors {
  /** Oldest first. */
  sportsmanIds: string[];
  organizationId: string | null;
}

/** Logins (one per phone) and the platform records bound to them. */
@Injectable()
export class LoginsRepository {
  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async findByPhone(phone: string): Promise<LoginRow | null> {
    const row = await this.db.selectFrom('logins').selectAll().where('phone', '=', phone).executeTakeFirst();
    return row ? { id: row.id, phone: row.phone, primaryType: row.primary_type } : null;
  }

  async findById(id: string): Promise<LoginRow | null> {
    const row = await this.db.selectFrom('logins').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { id: row.id, phone: row.phone, primaryType: row.primary_type } : null;
  }

  /** Creates a login with its first record, in one transaction. False when the phone was taken meanwhile. */
  async create(login: LoginRow, contractorId: string): Promise<boolean> {
    const now = this.clock.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('logins')
          .values({
            id: login.id,
            phone: login.phone,
            primary_type: login.primaryType,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('login_contractors')
          .values({
            contractor_id: contractorId,
            login_id: login.id,
            contractor_type: login.primaryType,
            created_at: now,
          })
          .execute();
      });
      return true;
    } catch (error) {
      if (await this.findByPhone(login.phone)) return false;
      throw error;
    }
  }

  async bind(loginId: string, contractorId: string, type: ContractorType): Promise<void> {
    await this.db
      .insertInto('login_contractors')
      .values({
        contractor_id: contractorId,
        login_id: loginId,
        contractor_type: type,
        created_at: this.clock.now(),
      })
      .execute();
  }

  async contractors(loginId: string): Promise<LoginContractors> {
    const rows = await this.db
      .selectFrom('login_contractors')
      .select(['contractor_id', 'contractor_type'])
      .where('login_id', '=', loginId)
      .orderBy('created_at', 'asc')
      .orderBy('contractor_id', 'asc')
      .execute();
    return {
      sportsmanIds: rows.filter((row) => row.contractor_type === 'sportsman').map((row) => row.contractor_id),
      organizationId: rows.find((row) => row.contractor_type === 'organization')?.contractor_id ?? null,
    };
  }

  /** Moves a login to another phone; false when that phone already has a login. */
  async changePhone(loginId: string, phone: string): Promise<boolean> {
    try {
      const result = await this.db
        .updateTable('logins')
        .set({ phone, updated_at: this.clock.now() })
        .where('id', '=', loginId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    } catch (error) {
      if (await this.findByPhone(phone)) return false;
      throw error;
    }
  }
}
