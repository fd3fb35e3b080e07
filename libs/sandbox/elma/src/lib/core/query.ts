import type { ElmaListFilter, ElmaTfValue } from '@fed/contracts';
import { isSystemField, SYSTEM_FIELDS, type ElmaAppDefinition, type ElmaFieldType } from './app-registry';
import { ElmaError } from './elma-error';
import { EqlError, parseEql, type EqlNode, type EqlValue } from './eql';
import { normalizeDateTime } from './field-values';
import { normalizeSearch } from './text';

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/** The pseudo field `__search` filters by the app's full-text column (name and the app's text fields). */
export const SEARCH_FIELD = '__search';

type FieldInfo = { type: ElmaFieldType | 'search'; expr: string; path: string };

function fieldInfo(app: ElmaAppDefinition, field: string): FieldInfo {
  if (field === SEARCH_FIELD) return { type: 'search', expr: 'items.search', path: '' };
  if (isSystemField(field)) {
    const column = `items.${SYSTEM_FIELDS[field]}`;
    const type: ElmaFieldType = field === '__id' || field === '__name' ? 'string' : 'datetime';
    return { type, expr: column, path: '' };
  }
  const type = app.fields[field];
  if (type === undefined)
    throw ElmaError.badRequest(`filter: no such field ${field} in app ${app.namespace}.${app.code}`);
  const path = `$.${field}`;
  return { type, expr: `json_extract(items.data, '${path}')`, path };
}

function scalarParam(type: ElmaFieldType, value: EqlValue | null, field: string, endOfDay = false): unknown {
  if (value === null) return null;
  if (type === 'boolean') {
    if (typeof value !== 'boolean') throw ElmaError.badRequest(`filter: ${field} expects true or false`);
    return value ? 1 : 0;
  }
  if (type === 'number' || type === 'money') {
    if (typeof value !== 'number') throw ElmaError.badRequest(`filter: ${field} expects a number`);
    return value;
  }
  if (type === 'datetime') {
    const normalized = typeof value === 'string' ? normalizeDateTime(value, endOfDay) : null;
    if (normalized === null) throw ElmaError.badRequest(`filter: ${field} expects an RFC 3339 date`);
    return normalized;
  }
  if (typeof value !== 'string') throw ElmaError.badRequest(`filter: ${field} expects a string`);
  return value;
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Any element of a list field (link ids, category codes, phones, e-mails) among the values. */
function listMembership(info: FieldInfo, values: EqlValue[], field: string): SqlFragment {
  if (values.length === 0) return { sql: '0', params: [] };
  const element =
    info.type === 'category'
      ? "json_extract(je.value, '$.code')"
      : info.type === 'phone'
        ? "json_extract(je.value, '$.tel')"
        : info.type === 'email'
          ? "json_extract(je.value, '$.email')"
          : 'je.value';
  for (const value of values) {
    if (typeof value !== 'string')
      throw ElmaError.badRequest(`filter: ${field} expects ids or codes as strings`);
  }
  return {
    sql: `EXISTS (SELECT 1 FROM json_each(items.data, '${info.path}') je WHERE ${element} IN (${placeholders(values.length)}))`,
    params: values,
  };
}

function containsText(info: FieldInfo, text: string, field: string): SqlFragment {
  const needle = normalizeSearch(text);
  switch (info.type) {
    case 'search':
      return { sql: 'instr(items.search, ?) > 0', params: [needle] };
    case 'string':
    case 'phone':
    case 'email':
      return { sql: `instr(lower_ru(${info.expr}), ?) > 0`, params: [needle] };
    case 'fullname':
      return {
        sql: `instr(lower_ru(coalesce(json_extract(items.data, '${info.path}.lastname'), '') || ' ' || coalesce(json_extract(items.data, '${info.path}.firstname'), '') || ' ' || coalesce(json_extract(items.data, '${info.path}.middlename'), '')), ?) > 0`,
        params: [needle],
      };
    default:
      throw ElmaError.badRequest(`filter: text search is not supported on ${field}`);
  }
}

const LIST_TYPES: ReadonlySet<string> = new Set(['link', 'category', 'phone', 'email']);
const SCALAR_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'datetime']);

function isEmptyList(info: FieldInfo): string {
  return `(${info.expr} IS NULL OR json_array_length(items.data, '${info.path}') = 0)`;
}

function tfCondition(app: ElmaAppDefinition, field: string, value: ElmaTfValue): SqlFragment {
  const info = fieldInfo(app, field);
  if (info.type === 'computed' || info.type === 'object') {
    throw ElmaError.badRequest(`filter: field ${field} cannot be filtered`);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if ('$contains' in value) return containsText(info, value.$contains, field);
    if (info.type !== 'number' && info.type !== 'datetime' && info.type !== 'money') {
      throw ElmaError.badRequest(`filter: ranges apply to number, date and money fields, not to ${field}`);
    }
    const expr = info.type === 'money' ? `json_extract(items.data, '${info.path}.cents')` : info.expr;
    const parts: string[] = [];
    const params: unknown[] = [];
    if (value.min !== undefined) {
      parts.push(`${expr} >= ?`);
      params.push(scalarParam(info.type, value.min, field));
    }
    if (value.max !== undefined) {
      parts.push(`${expr} <= ?`);
      params.push(scalarParam(info.type, value.max, field, true));
    }
    return { sql: parts.length > 0 ? parts.join(' AND ') : '1', params };
  }
  if (info.type === 'search' || info.type === 'fullname' || info.type === 'money') {
    throw ElmaError.badRequest(`filter: ${field} takes {$contains} or a range only`);
  }
  if (LIST_TYPES.has(info.type)) {
    if (value === null) return { sql: isEmptyList(info), params: [] };
    return listMembership(info, Array.isArray(value) ? value : [value], field);
  }
  if (value === null) return { sql: `${info.expr} IS NULL`, params: [] };
  if (Array.isArray(value)) {
    if (value.length === 0) return { sql: '0', params: [] };
    return {
      sql: `${info.expr} IN (${placeholders(value.length)})`,
      params: value.map((entry) => scalarParam(info.type as ElmaFieldType, entry, field)),
    };
  }
  return { sql: `${info.expr} = ?`, params: [scalarParam(info.type, value, field)] };
}

function eqlCondition(app: ElmaAppDefinition, node: EqlNode): SqlFragment {
  if (node.kind === 'and' || node.kind === 'or') {
    const parts = node.items.map((item) => eqlCondition(app, item));
    return {
      sql: `(${parts.map((part) => part.sql).join(node.kind === 'and' ? ' AND ' : ' OR ')})`,
      params: parts.flatMap((part) => part.params),
    };
  }
  const info = fieldInfo(app, node.field);
  if (info.type === 'computed' || info.type === 'object') {
    throw ElmaError.badRequest(`eql: field ${node.field} cannot be filtered`);
  }
  if (node.kind === 'like') return containsText(info, node.text, node.field);
  const list = LIST_TYPES.has(info.type);
  if (node.kind === 'null') {
    const empty = list ? isEmptyList(info) : `${info.expr} IS NULL`;
    return { sql: node.negated ? `NOT ${empty}` : empty, params: [] };
  }
  if (!list && !SCALAR_TYPES.has(info.type)) {
    throw ElmaError.badRequest(`eql: ${node.field} supports LIKE only`);
  }
  if (node.kind === 'in') {
    if (list) return listMembership(info, node.values, node.field);
    return {
      sql: `${info.expr} IN (${placeholders(node.values.length)})`,
      params: node.values.map((value) => scalarParam(info.type as ElmaFieldType, value, node.field)),
    };
  }
  if (list) {
    if (node.op !== '=' && node.op !== '!=')
      throw ElmaError.badRequest(`eql: ${node.field} supports = and != only`);
    const member = listMembership(info, [node.value], node.field);
    return node.op === '=' ? member : { sql: `NOT ${member.sql}`, params: member.params };
  }
  const endOfDay = node.op === '<=' || node.op === '>';
  return {
    sql: `${info.expr} ${node.op} ?`,
    params: [scalarParam(info.type as ElmaFieldType, node.value, node.field, endOfDay)],
  };
}

/** Compiles a list filter to a WHERE fragment over the `items` table. */
export function compileFilter(app: ElmaAppDefinition, filter: ElmaListFilter | undefined): SqlFragment {
  if (!filter) return { sql: '1', params: [] };
  if ('ids' in filter) {
    if (filter.ids.length === 0) return { sql: '0', params: [] };
    return { sql: `items.id IN (${placeholders(filter.ids.length)})`, params: filter.ids };
  }
  if ('eql' in filter) {
    let tree: EqlNode;
    try {
      tree = parseEql(filter.eql);
    } catch (error) {
      if (error instanceof EqlError) throw ElmaError.badRequest(`eql: ${error.message}`);
      throw error;
    }
    return eqlCondition(app, tree);
  }
  const parts = Object.entries(filter.tf).map(([field, value]) => tfCondition(app, field, value));
  if (parts.length === 0) return { sql: '1', params: [] };
  return {
    sql: parts.map((part) => `(${part.sql})`).join(' AND '),
    params: parts.flatMap((part) => part.params),
  };
}

/** ORDER BY for `sortExpressions`; only scalar, money and system fields sort. */
export function compileSort(
  app: ElmaAppDefinition,
  sortExpressions: ReadonlyArray<{ field: string; ascending: boolean }> | undefined,
): string {
  const parts = (sortExpressions ?? []).map(({ field, ascending }) => {
    const info = fieldInfo(app, field);
    let exprs: string[];
    if (SCALAR_TYPES.has(info.type)) exprs = [info.expr];
    else if (info.type === 'money') exprs = [`json_extract(items.data, '${info.path}.cents')`];
    else if (info.type === 'fullname')
      exprs = [
        `json_extract(items.data, '${info.path}.lastname')`,
        `json_extract(items.data, '${info.path}.firstname')`,
      ];
    else throw ElmaError.badRequest(`sortExpressions: field ${field} cannot be sorted`);
    const direction = ascending ? 'ASC' : 'DESC';
    return exprs.map((expr) => `${expr} ${direction}`).join(', ');
  });
  parts.push('items.seq ASC');
  return parts.join(', ');
}
