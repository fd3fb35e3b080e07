import { Injectable } from '@nestjs/common';
import {
  authOrganizationSchema,
  authPersonSchema,
  type AuthOrganization,
  type AuthPerson,
  type ContractorType,
  type TokenPair,
} from '@fed/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authErrors } from './auth-errors';
import { AuditService } from './audit.service';
import { CodesService, type CheckedCode } from './codes.service';
import { RateLimiterService, type RateLimit } from './rate-limiter.service';
import { ContractorRecordsService } from './contractor-records.service';
import { LoginsRepository, type LoginRow } from './logins.repository';
import { SessionsService, type SessionRole } from './sessions.service';

const pendingRegistrationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sportsman'), person: authPersonSchema }),
  z.object({ kind: z.literal('organization'), organization: authOrganizationSchema }),
]);
type PendingRegistration = z.infer<typeof pendingRegistrationSchema>;

const phonePayloadSchema = z.object({ otherPhone: z.string() });

/**
 * Sign-in, registration and phone change: the flows that start from a phone number and a code.
 * They tell whether a number has a login (ADR 0012): sign-in of an unknown number is a 404, registration
 * of a taken one a 409, both at once and without an SMS. Such answers are counted per address
 * (`lookupsPerIpPer10Min`), so numbers cannot be checked in bulk.
 */
@Injectable()
export class SignInService {
  private readonly lookups: RateLimit;

  constructor(
    private readonly codes: CodesService,
    private readonly logins: LoginsRepository,
    private readonly sessions: SessionsService,
    private readonly records: ContractorRecordsService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
  ) {
    this.lookups = { bucket: 'lookup:ip', limit: codes.limits.lookupsPerIpPer10Min, windowMs: 10 * 60_000 };
  }

  /** A known number gets its code; an unknown one a 404 (nothing sent, nothing written). */
  async loginUser(phone: string, ip: string): Promise<void> {
    await this.lookupsLeft(ip);
    if (!(await this.logins.findByPhone(phone))) {
      await this.countLookup(ip);
      throw authErrors.phoneNotRegistered();
    }
    await this.codes.issue([{ phone, purpose: 'login' }], ip);
  }

  /** `PhoneStatus`: whether the number has a login (the registration page asks when the phone is entered). */
  async phoneStatus(phone: string, ip: string): Promise<boolean> {
    await this.countLookup(ip);
    return (await this.logins.findByPhone(phone)) !== null;
  }

  async loginUserConfirm(
    phone: string,
    code: string,
    preferred: ContractorType | undefined,
    ip: string,
  ): Promise<TokenPair> {
    const checked = await this.codes.check(phone, ['login'], code, ip);
    if (!(await this.codes.consume(checked.id))) throw authErrors.codeInvalid();
    const login = await this.logins.findByPhone(phone);
    if (!login) throw authErrors.codeInvalid();
    const role = await this.roleFor(login, preferred);
    await this.audit.record({
      event: 'login',
      loginId: login.id,
      phone,
      ip,
      details: { role: role.contractorType },
    });
    return this.sessions.start(login.id, role);
  }

  /** A taken number is a 409 at once, without an SMS; a free one gets its code. */
  async registerUser(phone: string, person: AuthPerson, ip: string): Promise<void> {
    await this.refuseTaken(phone, 'phone', ip);
    const payload: PendingRegistration = { kind: 'sportsman', person };
    await this.codes.issue([{ phone, purpose: 'register_user', payload }], ip);
  }

  async registerOrganization(phone: string, organization: AuthOrganization, ip: string): Promise<void> {
    await this.refuseTaken(phone, 'phone', ip);
    const payload: PendingRegistration = { kind: 'organization', organization };
    await this.codes.issue([{ phone, purpose: 'register_organization', payload }], ip);
  }

  /** Creates the platform record, then the login bound to it, and signs in. */
  async registerConfirm(phone: string, code: string, ip: string): Promise<TokenPair> {
    const checked = await this.codes.check(phone, ['register_user', 'register_organization'], code, ip);
    const pending = pendingRegistrationSchema.parse(checked.payload);
    if (!(await this.codes.consume(checked.id))) throw authErrors.codeInvalid();
    if (await this.logins.findByPhone(phone)) throw authErrors.phoneTaken();
    const login: LoginRow = { id: randomUUID(), phone, primaryType: pending.kind };
    const contractorId = await this.createRecord(checked, pending, login);
    if (!(await this.logins.create(login, contractorId))) throw authErrors.phoneTaken();
    await this.audit.record({
      event: 'registered',
      loginId: login.id,
      phone,
      ip,
      details: { role: pending.kind, record: contractorId },
    });
    return this.sessions.start(login.id, { contractorType: pending.kind, activeContractorId: contractorId });
  }

  /**
   * Codes go to both numbers. Told at once, like sign-in and registration: an old number without a login
   * (404 on `oldPhone`), a new number that has one (409 on `newPhone`).
   */
  async changePhone(oldPhone: string, newPhone: string, ip: string): Promise<void> {
    await this.lookupsLeft(ip);
    if (!(await this.logins.findByPhone(oldPhone))) {
      await this.countLookup(ip);
      throw authErrors.phoneNotRegistered('oldPhone');
    }
    await this.refuseTaken(newPhone, 'newPhone', ip);
    await this.codes.issue(
      [
        { phone: oldPhone, purpose: 'change_phone_old', payload: { otherPhone: newPhone } },
        { phone: newPhone, purpose: 'change_phone_new', payload: { otherPhone: oldPhone } },
      ],
      ip,
    );
  }

  /** Both codes must be right; the login moves, every other session of it ends, and this one starts. */
  async changePhoneConfirm(
    oldPhone: string,
    newPhone: string,
    oldCode: string,
    newCode: string,
    ip: string,
  ): Promise<TokenPair> {
    const oldChecked = await this.codes.check(oldPhone, ['change_phone_old'], oldCode, ip);
    const newChecked = await this.codes.check(newPhone, ['change_phone_new'], newCode, ip);
    if (
      phonePayloadSchema.parse(oldChecked.payload).otherPhone !== newPhone ||
      phonePayloadSchema.parse(newChecked.payload).otherPhone !== oldPhone
    ) {
      throw authErrors.codeInvalid();
    }
    if (!(await this.codes.consume(oldChecked.id)) || !(await this.codes.consume(newChecked.id))) {
      throw authErrors.codeInvalid();
    }
    const login = await this.logins.findByPhone(oldPhone);
    if (!login) throw authErrors.codeInvalid();
    if (!(await this.logins.changePhone(login.id, newPhone))) throw authErrors.phoneTaken('newPhone');
    await this.sessions.revokeAllOfLogin(login.id, 'phone_changed');
    await this.audit.record({ event: 'phone_changed', loginId: login.id, phone: newPhone, ip });
    return this.sessions.start(login.id, await this.roleFor({ ...login, phone: newPhone }, undefined));
  }

  /** A 409 on `field` when the number has a login (a told answer, counted). */
  private async refuseTaken(phone: string, field: string, ip: string): Promise<void> {
    await this.lookupsLeft(ip);
    if (await this.logins.findByPhone(phone)) {
      await this.countLookup(ip);
      throw authErrors.phoneTaken(field);
    }
  }

  /**
   * Refuses every number alike once the address has used up its told answers, so the refusal itself
   * does not tell a known number from an unknown one.
   */
  private async lookupsLeft(ip: string): Promise<void> {
    const wait = await this.limiter.retryAfterSeconds(this.limiter.store, this.lookups, ip);
    if (wait > 0) throw authErrors.tooManyRequests(wait);
  }

  /** Counts one told answer (atomically: parallel requests cannot pass the limit). */
  private async countLookup(ip: string): Promise<void> {
    const wait = await this.limiter.hit(this.lookups, ip);
    if (wait > 0) throw authErrors.tooManyRequests(wait);
  }

  private async createRecord(
    checked: CheckedCode,
    pending: PendingRegistration,
    login: LoginRow,
  ): Promise<string> {
    try {
      return pending.kind === 'sportsman'
        ? await this.records.createSportsman(pending.person, login.phone, login.id)
        : await this.records.createOrganization(pending.organization, login.phone, login.id);
    } catch (error) {
      // The platform failed, not the user: the same code may be entered again.
      await this.codes.release(checked.id);
      throw error;
    }
  }

  /** The role a sign-in opens: the asked one when the login holds it, else the one it registered with. */
  private async roleFor(login: LoginRow, preferred: ContractorType | undefined): Promise<SessionRole> {
    const contractors = await this.logins.contractors(login.id);
    const holds = (type: ContractorType) =>
      type === 'organization' ? contractors.organizationId !== null : contractors.sportsmanIds.length > 0;
    const type =
      preferred && holds(preferred) ? preferred : holds(login.primaryType) ? login.primaryType : 'sportsman';
    const activeContractorId =
      type === 'organization' ? (contractors.organizationId ?? '') : (contractors.sportsmanIds[0] ?? '');
    return { contractorType: type, activeContractorId };
  }
}
