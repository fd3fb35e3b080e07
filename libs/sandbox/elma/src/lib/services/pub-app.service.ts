import { Inject, Injectable } from '@nestjs/common';
import {
  elmaListBodySchema,
  ELMA_LIST_MAX_SIZE,
  PLATFORM_NAMESPACE,
  platformApps,
  requestStateSchema,
  type ElmaListAnswer,
  type RequestRecord,
} from '@fed/contracts';
import { findApp, type ElmaAppDefinition } from '../core/app-registry';
import { describeIssues, ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { validateContext } from '../core/field-values';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { AgeClassesService } from './age-classes.service';
import { RequestsService } from './requests.service';
import { projectFields } from './views';

/** The platform's own fields of every item. */
const SYSTEM_FIELDS: ReadonlySet<string> = new Set([
  '__id',
  '__name',
  '__createdAt',
  '__updatedAt',
  '__deletedAt',
]);

/** `/pub/v1/app/...`: generic item reads and writes, with the platform's rules applied on every write. */
@Injectable()
export class PubAppService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly ageClasses: AgeClassesService,
    private readonly requests: RequestsService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  app(namespace: string, code: string): ElmaAppDefinition {
    const app = findApp(namespace, code);
    if (!app) throw ElmaError.notFound(`app ${namespace}.${code} not found`);
    return app;
  }

  private decorate(app: ElmaAppDefinition, item: StoredItem): StoredItem {
    return app.code === platformApps.sportsman ? this.ageClasses.decorate(item) : item;
  }

  get(namespace: string, code: string, id: string): StoredItem {
    const app = this.app(namespace, code);
    const item = this.items.get(app.code, id, true);
    if (!item) throw ElmaError.notFound(`item ${id} not found in app ${namespace}.${code}`);
    return this.decorate(app, item);
  }

  /**
   * The record read by application, id and fields list (spec §7, `getRecordFields`): the named fields of one live
   * item, those without a value left out. A name that is not a field of the app is refused, as the platform does.
   */
  fieldsOf(code: string, id: string, fields: readonly string[]): Record<string, unknown> {
    const app = this.app(PLATFORM_NAMESPACE, code);
    const unknown = fields.filter((field) => !SYSTEM_FIELDS.has(field) && !Object.hasOwn(app.fields, field));
    if (unknown.length > 0) {
      throw ElmaError.badRequest(`fields: ${unknown.join(', ')} — нет таких полей в приложении ${code}`);
    }
    const item = this.items.get(app.code, id);
    if (!item) throw ElmaError.notFound(`item ${id} not found in app ${PLATFORM_NAMESPACE}.${code}`);
    const whole = this.decorate(app, item);
    const fieldsData: Record<string, unknown> = {};
    for (const field of fields) {
      const value = whole[field];
      if (value !== undefined && value !== null) fieldsData[field] = value;
    }
    return fieldsData;
  }

  list(namespace: string, code: string, body: unknown): ElmaListAnswer['result'] {
    const app = this.app(namespace, code);
    const size = (body as { size?: unknown } | null)?.size;
    if (typeof size === 'number' && size > ELMA_LIST_MAX_SIZE) {
      throw ElmaError.badRequest(`size: at most ${ELMA_LIST_MAX_SIZE} items per page`);
    }
    const parsed = elmaListBodySchema.safeParse(body ?? {});
    if (!parsed.success) throw ElmaError.badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`);
    const listed = this.items.list(app.code, parsed.data);
    return {
      total: listed.total,
      result: listed.result.map(
        (item) =>
          projectFields(
            this.decorate(app, item),
            parsed.data.fields,
          ) as ElmaListAnswer['result']['result'][number],
      ),
    };
  }

  create(namespace: string, code: string, context: Record<string, unknown>): StoredItem {
    const app = this.app(namespace, code);
    const { name, fields, deletedAt } = validateContext(app, context);
    if (deletedAt !== undefined) throw ElmaError.badRequest('__deletedAt: a new item cannot be deleted');
    if (!name) throw ElmaError.badRequest('__name: required');
    return this.items.transaction(() => {
      if (app.code === platformApps.requests) {
        const state = fields['requestState'] ?? 'new';
        if (state !== 'new') throw ElmaError.badRequest('requestState: a new request starts in state new');
        fields['requestState'] = 'new';
        fields['payment_status'] = 'unpaid';
        fields['state_history'] = [
          { from: null, to: 'new', at: this.options.now().toISOString(), reason: null },
        ];
        fields['nomenclature_type'] ??= 'competition';
      }
      const created = this.items.insert(app.code, { name, fields });
      this.afterWrite(app, created);
      return this.decorate(app, created);
    });
  }

  update(namespace: string, code: string, id: string, context: Record<string, unknown>): StoredItem {
    const app = this.app(namespace, code);
    const { name, fields, deletedAt } = validateContext(app, context);
    return this.items.transaction(() => {
      const current = this.items.get(app.code, id, true);
      if (!current) throw ElmaError.notFound(`item ${id} not found in app ${namespace}.${code}`);
      if (app.code === platformApps.requests && fields['requestState'] !== undefined) {
        const to = requestStateSchema.safeParse(fields['requestState']);
        if (!to.success) throw ElmaError.badRequest(`requestState: ${describeIssues(to.error.issues)}`);
        if ('payment_status' in fields || 'state_history' in fields) {
          throw ElmaError.badRequest(
            'payment_status and state_history follow requestState and cannot be written',
          );
        }
        const record = current as unknown as RequestRecord;
        const reason = typeof fields['reason'] === 'string' ? fields['reason'] : null;
        this.requests.assertTransition(record.requestState, to.data, reason);
        Object.assign(fields, this.requests.transitionFields(record, to.data, reason));
      }
      const updated = this.items.update(app.code, id, { name, fields, deletedAt });
      this.afterWrite(app, updated);
      return this.decorate(app, updated);
    });
  }

  private afterWrite(app: ElmaAppDefinition, item: StoredItem): void {
    if (app.code === platformApps.ageClasses) this.ageClasses.invalidate();
    if (app.code === platformApps.memberships) this.syncMembershipTerm(item);
  }

  /** An athlete's `term_membership` is the latest `valid_until` of their paid, live memberships. */
  private syncMembershipTerm(membership: StoredItem): void {
    const sportsmanId = (membership['sportsman'] as string[] | undefined)?.[0];
    if (!sportsmanId || !this.items.get(platformApps.sportsman, sportsmanId)) return;
    const latest = this.items.list(platformApps.memberships, {
      filter: { tf: { sportsman: sportsmanId, paid: true } },
      sortExpressions: [{ field: 'valid_until', ascending: false }],
      size: 1,
    }).result[0];
    this.items.update(platformApps.sportsman, sportsmanId, {
      fields: { term_membership: (latest?.['valid_until'] as string | undefined) ?? null },
    });
  }
}
