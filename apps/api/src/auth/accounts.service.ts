import { Injectable } from '@nestjs/common';
import type {
  AddAccountResponse,
  AddUserRoleResponse,
  AuthOrganization,
  AuthPerson,
  LinkedAccount,
  SwitchAccountResponse,
} from '@fed/contracts';
import { authLimits, HOUR_MS } from './auth-constants';
import { authErrors } from './auth-errors';
import { AuditService } from './audit.service';
import { LiveSessions } from './live-sessions.service';
import { RateLimiterService, type RateLimit } from './rate-limiter.service';
import type { Caller } from '../common/caller';
import { ContractorRecordsService } from './contractor-records.service';
import { LoginsRepository } from './logins.repository';
import { SessionsService } from './sessions.service';

const ADD_ACCOUNT_PER_LOGIN: RateLimit = {
  bucket: 'add_account:login',
  limit: authLimits.addAccountsPerLoginPerHour,
  windowMs: HOUR_MS,
};

type AddUserRoleBody =
  { role: 'sportsman'; person: AuthPerson } | { role: 'organization'; organization: AuthOrganization };

/**
 * Linked accounts of a signed-in login: add an athlete, switch between the login's own records,
 * list the athletes, add the other role. Organizations (active role organization) add and switch nothing.
 */
@Injectable()
export class AccountsService {
  /** `AddAccount` calls in progress on this instance, per login: they run one after another. */
  private readonly adding = new Map<string, Promise<unknown>>();

  constructor(
    private readonly logins: LoginsRepository,
    private readonly sessions: SessionsService,
    private readonly records: ContractorRecordsService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
    private readonly live: LiveSessions,
  ) {}

  /**
   * Adds an athlete to the login: at most `maxLinkedAthletes` per login and `addAccountsPerLoginPerHour`
   * calls per hour (a login already past the first keeps working; it only cannot add more).
   */
  async addAccount(caller: Caller, person: AuthPerson, ip: string): Promise<AddAccountResponse> {
    if (caller.contractorType === 'organization') throw authErrors.organizationForbidden();
    const login = await this.liveLogin(caller);
    // One at a time per login, so two parallel calls cannot both pass the count; across instances the
    // hourly budget (counted atomically in the store) bounds what a race could add.
    const previous = this.adding.get(login.id) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(() => this.addSportsman(login, person, ip));
    this.adding.set(login.id, current);
    try {
      await current;
    } finally {
      if (this.adding.get(login.id) === current) this.adding.delete(login.id);
    }
    const id = await current;
    // The active athlete stays the same; the token still names only it, the guard reads the rest.
    const pair = await this.sessions.reissue(caller.sessionId);
    return { data: { TokenResponse: pair, NewElmaUserId: id } };
  }

  private async addSportsman(login: { id: string; phone: string }, person: AuthPerson, ip: string) {
    const { sportsmanIds } = await this.logins.contractors(login.id);
    if (sportsmanIds.length >= authLimits.maxLinkedAthletes) {
      throw authErrors.linkedAccountsLimit(authLimits.maxLinkedAthletes);
    }
    const wait = await this.limiter.hit(ADD_ACCOUNT_PER_LOGIN, login.id);
    if (wait > 0) throw authErrors.tooManyNewAccounts(wait);
    const id = await this.records.createSportsman(person, login.phone, login.id);
    await this.logins.bind(login.id, id, 'sportsman');
    this.live.forget({ loginId: login.id });
    await this.audit.record({ event: 'account_added', loginId: login.id, ip, details: { record: id } });
    return id;
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
    this.live.forget({ loginId: login.id });
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
