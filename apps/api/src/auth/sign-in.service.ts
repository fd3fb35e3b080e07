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
 * What a guest learns is the same whether the phone has a login or not, until a code proves the phone.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly codes: CodesService,
    private readonly logins: LoginsRepository,
    private readonly sessions: SessionsService,
    private readonly records: ContractorRecordsService,
    private readonly audit: AuditService,
  ) {}

  /** A code goes out only when the phone has a login; the answer is the same either way. */
  async loginUser(phone: string, ip: string): Promise<void> {
    const login = await this.logins.findByPhone(phone);
    await this.codes.issue([{ phone, purpose: 'login', deliver: login !== null }], ip);
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

  /** Registration sends the code even when the phone is taken: that is told only after the code proves it. */
  async registerUser(phone: string, person: AuthPerson, ip: string): Promise<void> {
    const payload: PendingRegistration = { kind: 'sportsman', person };
    await this.codes.issue([{ phone, purpose: 'register_user', payload, deliver: true }], ip);
  }

  async registerOrganization(phone: string, organization: AuthOrganization, ip: string): Promise<void> {
    const payload: PendingRegistration = { kind: 'organization', organization };
    await this.codes.issue([{ phone, purpose: 'register_organization', payload, deliver: true }], ip);
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

  /** Codes go to both numbers only when the old one has a login; the answer is the same either way. */
  async changePhone(oldPhone: string, newPhone: string, ip: string): Promise<void> {
    const login = await this.logins.findByPhone(oldPhone);
    await this.codes.issue(
      [
        {
          phone: oldPhone,
          purpose: 'change_phone_old',
          payload: { otherPhone: newPhone },
          deliver: login !== null,
        },
        {
          phone: newPhone,
          purpose: 'change_phone_new',
          payload: { otherPhone: oldPhone },
          deliver: login !== null,
        },
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
    if (!(await this.logins.changePhone(login.id, newPhone))) throw authErrors.phoneTaken();
    await this.sessions.revokeAllOfLogin(login.id, 'phone_changed');
    await this.audit.record({ event: 'phone_changed', loginId: login.id, phone: newPhone, ip });
    return this.sessions.start(login.id, await this.roleFor({ ...login, phone: newPhone }, undefined));
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
