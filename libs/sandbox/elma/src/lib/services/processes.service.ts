import { calendarDayOf, compareDays, dateFieldDay } from '@fed/calendar';
import { Inject, Injectable } from '@nestjs/common';
import { bankDetailsErrors } from '@fed/validation';
import {
  createSportsmanProcessContextSchema,
  PLATFORM_NAMESPACE,
  platformApps,
  profileImageMimeTypes,
  platformProcesses,
  type CreateSportsmanContext,
  type OrganizationUpdateContext,
  type ProfileUpdateContext,
  type SportsmanUpdateContext,
} from '@fed/contracts';
import { randomUUID } from 'node:crypto';
import { describeIssues, ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { normalizeDateTime } from '../core/field-values';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { FilesService } from './files.service';
import { kindOf } from './views';

export interface ProcessResult {
  processId: string;
  process: string;
  recordId: string;
  written: boolean;
  context: Record<string, unknown>;
}

/** Context field names of the update processes → fields of the `sportsman` app. */
const CLEAR_TARGETS: Record<string, string> = {
  email: 'email_kontr',
  trener: 'coach',
  organization_app: 'organiz',
};

export const GENDER_NAMES = { male: 'Мужской', female: 'Женский' } as const;

export function fullNameText(fio: { lastname: string; firstname: string; middlename?: string }): string {
  return [fio.lastname, fio.firstname, fio.middlename].filter((part) => part && part.trim()).join(' ');
}

/**
 * Business processes of the `sportsman` app. One process, `create_sportsman` (spec §7), creates an athlete or,
 * given an organization or sportsman update context, updates that profile.
 */
@Injectable()
export class ProcessesService {
  private readonly starts: number[] = [];

  constructor(
    private readonly items: ItemsRepository,
    private readonly files: FilesService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  /** Process templates live in the `sportsman` app: the namespace is `sport` or `sport.sportsman`. */
  static knows(namespace: string, code: string): boolean {
    const namespaces = [PLATFORM_NAMESPACE, `${PLATFORM_NAMESPACE}.${platformApps.sportsman}`];
    return namespaces.includes(namespace) && Object.values<string>(platformProcesses).includes(code);
  }

  private throttle(): void {
    const now = this.options.now().getTime();
    while (this.starts.length > 0 && (this.starts[0] as number) <= now - 60_000) this.starts.shift();
    if (this.starts.length >= this.options.processStartsPerMinute) {
      throw new ElmaError(429, 'too many process starts: try again in a minute');
    }
    this.starts.push(now);
  }

  /** A birth date is a day: today's (Moscow) passes at any hour, tomorrow's is refused. */
  private refuseFutureBirth(dateOfBirth: string): void {
    const born = dateFieldDay(dateOfBirth);
    if (born && compareDays(born, calendarDayOf(this.options.now())) > 0) {
      throw ElmaError.badRequest('date_of_birth: дата в будущем');
    }
  }

  run(code: string, context: unknown): ProcessResult {
    if (code !== platformProcesses.createSportsman)
      throw ElmaError.notFound(`process template ${code} not found`);
    const parsed = createSportsmanProcessContextSchema.safeParse(context);
    if (!parsed.success)
      throw ElmaError.badRequest(`invalid context: ${describeIssues(parsed.error.issues)}`);
    this.throttle();
    return parsed.data.contractortype === undefined
      ? this.createSportsman(parsed.data)
      : this.updateProfile(parsed.data);
  }

  createSportsman(context: CreateSportsmanContext): ProcessResult {
    const dateOfBirth = normalizeDateTime(context.date_of_birth) as string;
    this.refuseFutureBirth(dateOfBirth);
    for (const organizationId of context.organiz ?? []) {
      const organization = this.items.require(platformApps.sportsman, organizationId, 'Организация');
      if (kindOf(organization) !== 'organization')
        throw ElmaError.badRequest(`organiz: ${organizationId} — не организация`);
    }
    const created = this.items.insert(platformApps.sportsman, {
      name: fullNameText(context.fio),
      fields: {
        fio: {
          lastname: context.fio.lastname,
          firstname: context.fio.firstname,
          middlename: context.fio.middlename ?? '',
        },
        date_of_birth: dateOfBirth,
        gorod: context.gorod,
        pol: [{ code: context.gender, name: GENDER_NAMES[context.gender] }],
        representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
        ...(context.phone ? { phone: [{ type: 'mobile', tel: context.phone }] } : {}),
        ...(context.backenduserid ? { backenduserid: context.backenduserid } : {}),
        ...(context.organiz ? { organiz: context.organiz } : {}),
        vk_link_available: false,
        photo_video_sale: false,
      },
    });
    return {
      processId: randomUUID(),
      process: platformProcesses.createSportsman,
      recordId: created.__id,
      written: true,
      context: { ...context, sportsman: [created.__id] },
    };
  }

  /** The update contexts of `create_sportsman`: the record `id` of the context's kind, written when asked to. */
  updateProfile(context: ProfileUpdateContext): ProcessResult {
    const record = this.items.require(platformApps.sportsman, context.id, 'Профиль');
    if (kindOf(record) !== context.contractortype) {
      throw ElmaError.badRequest(
        `id: запись ${context.id} не является профилем типа ${context.contractortype}`,
      );
    }
    const { name, fields, linked } =
      context.contractortype === 'organization'
        ? this.organizationChanges(context)
        : this.sportsmanChanges(context);
    for (const field of context.fieldsForClear) fields[CLEAR_TARGETS[field] ?? field] = null;
    if (context.contractortype === 'organization') this.checkBankDetails(record, fields);
    if (context.is_need_update_sportsman) {
      this.items.transaction(() => {
        this.items.update(platformApps.sportsman, context.id, { name, fields });
        for (const [id, change] of linked) this.items.update(platformApps.sportsman, id, { fields: change });
      });
    }
    return {
      processId: randomUUID(),
      process: platformProcesses.createSportsman,
      recordId: context.id,
      written: context.is_need_update_sportsman,
      context: { ...context },
    };
  }

  /**
   * The bank details as they will be after the change agree (`@fed/validation`): an account sent alone is keyed
   * by the BIC the record holds, a new BIC must fit the accounts the record keeps. Messages name the field.
   */
  private checkBankDetails(record: StoredItem, changes: Record<string, unknown>): void {
    const after = (field: string) => {
      const value = field in changes ? changes[field] : record[field];
      return typeof value === 'string' ? value : undefined;
    };
    const touched = ['bic', 'bank_account', 'correspondent_account'].some(
      (field) => changes[field] !== undefined,
    );
    if (!touched) return;
    const errors = bankDetailsErrors({
      bic: after('bic'),
      account: after('bank_account'),
      correspondentAccount: after('correspondent_account'),
    });
    const bic = after('bic');
    if ((after('bank_account') || after('correspondent_account')) && !bic) {
      throw ElmaError.badRequest('bic: Укажите БИК банка, в котором открыт счёт');
    }
    if (errors.bic) throw ElmaError.badRequest(`bic: ${errors.bic}`);
    if (errors.account) throw ElmaError.badRequest(`bank_account: ${errors.account}`);
    if (errors.correspondentAccount) {
      throw ElmaError.badRequest(`correspondent_account: ${errors.correspondentAccount}`);
    }
  }

  /** A photo or logo links one uploaded image (JPEG, PNG or WebP) of the platform's disk. */
  private checkImage(link: readonly string[] | undefined, what: string): void {
    for (const fileId of link ?? [])
      this.files.linkable(fileId, profileImageMimeTypes, what, 'JPEG, PNG или WebP');
  }

  private organizationChanges(context: OrganizationUpdateContext) {
    const fields: Record<string, unknown> = {};
    const copy = [
      'sait',
      'gorod',
      'fakti_address',
      'contact_phone',
      'vk_link',
      'vk_link_available',
      'bank',
      'bic',
    ] as const;
    for (const field of copy) if (context[field] !== undefined) fields[field] = context[field];
    for (const field of ['bank_account', 'correspondent_account', 'logo'] as const) {
      if (context[field] !== undefined) fields[field] = context[field];
    }
    if (context.email !== undefined) fields['email_kontr'] = context.email;
    this.checkImage(context.logo, 'логотипа');
    return { name: context.organisation_name, fields, linked: new Map<string, Record<string, unknown>>() };
  }

  private sportsmanChanges(context: SportsmanUpdateContext) {
    const fields: Record<string, unknown> = {};
    let name: string | undefined;
    if (context.fio) {
      fields['fio'] = { ...context.fio, middlename: context.fio.middlename ?? '' };
      name = fullNameText(context.fio);
    }
    if (context.gorod !== undefined) fields['gorod'] = context.gorod;
    if (context.date_of_birth !== undefined) {
      const dateOfBirth = normalizeDateTime(context.date_of_birth) as string;
      this.refuseFutureBirth(dateOfBirth);
      fields['date_of_birth'] = dateOfBirth;
    }
    if (context.trener !== undefined) fields['coach'] = context.trener;
    if (context.photo !== undefined) {
      this.checkImage(context.photo, 'фотографии');
      fields['photo'] = context.photo;
    }
    if (context.gender !== undefined)
      fields['pol'] = [{ code: context.gender, name: GENDER_NAMES[context.gender] }];
    if (context.email !== undefined) fields['email_kontr'] = [{ type: 'main', email: context.email }];
    if (context.organization_app !== undefined) {
      for (const organizationId of context.organization_app) {
        const organization = this.items.require(platformApps.sportsman, organizationId, 'Организация');
        if (kindOf(organization) !== 'organization') {
          throw ElmaError.badRequest(`organization_app: ${organizationId} — не организация`);
        }
      }
      fields['organiz'] = context.organization_app;
    }
    if (context.vk_link !== undefined) fields['vk_link'] = context.vk_link;
    if (context.vk_link_available !== undefined) fields['vk_link_available'] = context.vk_link_available;
    const linked = new Map<string, Record<string, unknown>>();
    if (context.backendusrid !== undefined) {
      fields['backenduserid'] = context.backendusrid;
      for (const id of context.sportsman) {
        if (id === context.id) continue;
        this.items.require(platformApps.sportsman, id, 'Спортсмен');
        linked.set(id, { backenduserid: context.backendusrid });
      }
    }
    return { name, fields, linked };
  }
}
