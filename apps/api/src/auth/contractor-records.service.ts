import { Injectable, Logger } from '@nestjs/common';
import {
  createSportsmanProcess,
  platformApps,
  type AuthOrganization,
  type AuthPerson,
  type LinkedAccount,
} from '@fed/contracts';
import { PlatformClient, PlatformError } from '../platform/platform-client';
import { authErrors } from './auth-errors';

/** Ids one `getUsersByElmaUserId` call takes (its contract's maximum). */
const USER_IDS_PER_CALL = 50;
/** The platform records behind logins: creates athletes and organizations, reads linked accounts. */
@Injectable()
export class ContractorRecordsService {
  private readonly logger = new Logger('ContractorRecords');

  constructor(private readonly platform: PlatformClient) {}

  /**
   * Starts `create_sportsman` of the `sportsman` app through the functions module's `runBP` with a new athlete's
   * context (no `contractortype`); answers the new record's id.
   */
  async createSportsman(person: AuthPerson, phone: string, loginId: string): Promise<string> {
    const answer = await this.guard(() =>
      this.platform.runScript('runBP', {
        ...createSportsmanProcess,
        context: {
          fio: { lastname: person.lastName, firstname: person.firstName, middlename: person.middleName },
          date_of_birth: person.birthDate,
          gorod: person.city,
          gender: person.gender,
          phone,
          backenduserid: loginId,
        },
      }),
    );
    return answer.data.recordId;
  }

  /**
   * Creates the organization record (the `sportsman` app, `representative_new` = organization). The
   * contact person goes into the record's full name; the login phone into `phone`.
   */
  async createOrganization(organization: AuthOrganization, phone: string, loginId: string): Promise<string> {
    const [lastname = '', firstname = '', ...middle] = organization.contactPerson.split(/\s+/);
    const item = await this.guard(() =>
      this.platform.createItem(platformApps.sportsman, {
        __name: organization.name,
        yr_nazvanie: organization.name,
        inn_a: organization.inn,
        gorod: organization.city,
        email_kontr: [{ type: 'main', email: organization.email }],
        phone: [{ type: 'main', tel: phone }],
        fio: { lastname, firstname, middlename: middle.join(' ') },
        representative_new: [{ code: 'organization', name: 'Организация' }],
        backenduserid: loginId,
      }),
    );
    return item.__id;
  }

  /** `getUsersByElmaUserId` in the order of `ids`; records the platform does not return are left out. */
  async linkedAccounts(ids: readonly string[]): Promise<LinkedAccount[]> {
    if (ids.length === 0) return [];
    // The script takes a bounded list; a login made before the athlete limit may hold more.
    const chunks: string[][] = [];
    for (let start = 0; start < ids.length; start += USER_IDS_PER_CALL) {
      chunks.push(ids.slice(start, start + USER_IDS_PER_CALL));
    }
    const answers = await Promise.all(
      chunks.map((userIds) => this.guard(() => this.platform.runScript('getUsersByElmaUserId', { userIds }))),
    );
    const byId = new Map(
      answers.flatMap((answer) => answer.sportsmans).map((record) => [record.__id, record]),
    );
    return ids.flatMap((id) => {
      const record = byId.get(id);
      if (!record) return [];
      const fio = record.fio
        ? [record.fio.lastname, record.fio.firstname, record.fio.middlename].filter(Boolean).join(' ')
        : record.__name;
      const genderCode = record.pol?.[0]?.code;
      return [
        {
          id,
          fio,
          avatar: record.photo?.[0] ?? null,
          gender: genderCode === 'male' || genderCode === 'female' ? { code: genderCode } : null,
        },
      ];
    });
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PlatformError) {
        this.logger.warn(error.message);
        // The platform asked to slow down: say so, with its wait, rather than "unavailable".
        throw error.rateLimited ? error.toApiException() : authErrors.platformUnavailable();
      }
      throw error;
    }
  }
}
