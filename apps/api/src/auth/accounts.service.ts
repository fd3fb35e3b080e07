import { Injectable } from '@nestjs/common';
import type {
  AddAccountResponse,
  AddUserRoleResponse,
  AuthOrganization,
  AuthPerson,
  LinkedAccount,
  SwitchAccountResponse,
} from '@fed/contracts';
import { authErrors } from './auth-errors';
import { AuditService } from './audit.service';
import type { Caller } from '../common/caller';
import { ContractorRecordsService } from './contractor-records.service';
import { LoginsRepository } from './logins.repository';
import { SessionsService } from './sessions.service';

type AddUserRoleBody =
  { role: 'sportsman'; person: AuthPerson } | { role: 'organization'; organization: AuthOrganization };

/**
 * Linked accounts of a signed-in login: add an athlete, switch between the login's own records,
 * list the athletes, add the other role. Organizations (active role organization) add and switch nothing.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly logins: LoginsRepository,
    private readonly sessions: SessionsService,
    private readonly records: ContractorRecordsService,
    private readonly audit: AuditService,
  ) {}

  async addAccount(caller: Caller, person: AuthPerson, ip: string): Promise<AddAccountResponse> {
    if (caller.contractorType === 'organization') throw authErrors.organizationForbidden();
    const login = await this.liveLogin(caller);
    const id = await this.records.createSportsman(person, login.phone, login.id);
    await this.logins.bind(login.id, id, 'sportsman');
    await this.audit.record({ event: 'account_added', loginId: login.id, ip, details: { record: id } });
    // The active athlete stays the same; the new one joins the `Sportsman` list.
    const pair = await this.sessions.reissue(caller.sessionId);
    return { data: { TokenResponse: pair, NewElmaUserId: id } };
  }

  /** Switches to one of the login's own records (an athlete, or its organization). */
  async switchAccount(caller: Caller, id: string, ip: string): Promise<SwitchAccountResponse> {
    if (caller.contractorType === 'organization') throw authErrors.organizationForbidden();
    const login = await this.liveLogin(caller);
    const contractors = await this.logins.contractors(login.id);
    const type = contractors.sportsmanIds.includes(id)
      ? 'sportsman'
      : contractors.organizationId === id
        ? 'organization'
        : null;
    if (type === null) throw authErrors.forbiddenUser();
    const pair = await this.sessions.reissue(caller.sessionId, {
      contractorType: type,
      activeContractorId: id,
    });
    await this.audit.record({ event: 'account_switched', loginId: login.id, ip, details: { record: id } });
    return { data: { ...pair, ActiveUserId: id } };
  }

  /** The login's athletes as the platform has them, the active one first. */
  async linkedAccounts(caller: Caller): Promise<LinkedAccount[]> {
    if (caller.contractorType === 'organization') throw authErrors.organizationForbidden();
    const login = await this.liveLogin(caller);
    const { sportsmanIds } = await this.logins.contractors(login.id);
    const ordered = [caller.activeUserId, ...sportsmanIds.filter((id) => id !== caller.activeUserId)].filter(
      (id) => sportsmanIds.includes(id),
    );
    return this.records.linkedAccounts(ordered);
  }

  /** Adds the role the login lacks and makes it the session's active role. */
  async addUserRole(caller: Caller, body: AddUserRoleBody, ip: string): Promise<AddUserRoleResponse> {
    const login = await this.liveLogin(caller);
    const contractors = await this.logins.contractors(login.id);
    let id: string;
    if (body.role === 'sportsman') {
      if (contractors.sportsmanIds.length > 0) throw authErrors.roleExists();
      id = await this.records.createSportsman(body.person, login.phone, login.id);
    } else {
      if (contractors.organizationId !== null) throw authErrors.roleExists();
      id = await this.records.createOrganization(body.organization, login.phone, login.id);
    }
    await this.logins.bind(login.id, id, body.role);
    await this.audit.record({
      event: 'role_added',
      loginId: login.id,
      ip,
      details: { role: body.role, record: id },
    });
    const pair = await this.sessions.reissue(caller.sessionId, {
      contractorType: body.role,
      activeContractorId: id,
    });
    return { data: { ...pair, NewElmaUserId: id, ContractorType: body.role } };
  }

  /** The caller's login, provided its session was not ended (logout, reuse, phone change). */
  private async liveLogin(caller: Caller) {
    const login = (await this.sessions.isLive(caller.sessionId))
      ? await this.logins.findById(caller.loginId)
      : null;
    if (!login) throw authErrors.refreshInvalid();
    return login;
  }
}
