/**
 * The subset of EQL the twin understands:
 *
 *   expr    := or
 *   or      := and ("OR" and)*
 *   and     := unary ("AND" unary)*
 *   unary   := "(" expr ")" | compare
 *   compare := field op value | field "IN" "(" value ("," value)* ")" | field "LIKE" string
 *            | field "IS" ["NOT"] "NULL"
 *   op      := "=" | "!=" | "<" | "<=" | ">" | ">="
 *   value   := "double-quoted string" | number | true | false
 *
 * Keywords are case-insensitive. `LIKE "text"` means case-insensitive substring (no wildcards).
 * Anything else (functions, NOT, sub-queries, single quotes) is refused with a description.
 */
export type EqlValue = string | number | boolean;

export type EqlNode =
  | { kind: 'and'; items: EqlNode[] }
  | { kind: 'or'; items: EqlNode[] }
  | { kind: 'compare'; field: string; op: '=' | '!=' | '<' | '<=' | '>' | '>='; value: EqlValue }
  | { kind: 'in'; field: string; values: EqlValue[] }
  | { kind: 'like'; field: string; text: string }
  | { kind: 'null'; field: string; negated: boolean };

type Token =
  | { type: 'ident'; text: string; at: number }
  | { type: 'string'; text: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: 'op'; text: string; at: number }
  | { type: 'punct'; text: '(' | ')' | ','; at: number };

export class EqlError extends Error {}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at] as string;
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    if (char === '(' || char === ')' || char === ',') {
      tokens.push({ type: 'punct', text: char, at });
      at += 1;
      continue;
    }
    if (char === '"') {
      let text = '';
      let end = at + 1;
      while (end < source.length && source[end] !== '"') {
        if (source[end] === '\\' && end + 1 < source.length) end += 1;
        text += source[end];
        end += 1;
      }
      if (end >= source.length) throw new EqlError(`unterminated string at ${at}`);
      tokens.push({ type: 'string', text, at });
      at = end + 1;
      continue;
    }
    const op = /^(<=|>=|!=|=|<|>)/.exec(source.slice(at));
    if (op) {
      tokens.push({ type: 'op', text: op[0], at });
      at += op[0].length;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(source.slice(at));
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), at });
      at += number[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(at));
    if (ident) {
      tokens.push({ type: 'ident', text: ident[0], at });
      at += ident[0].length;
      continue;
    }
    throw new EqlError(`unexpected character ${JSON.stringify(char)} at ${at}`);
  }
  return tokens;
}

const KEYWORDS = new Set(['and', 'or', 'in', 'like', 'is', 'not', 'null', 'true', 'false']);

export function parseEql(source: string): EqlNode {
  const tokens = tokenize(source);
  let index = 0;
  const peek = (): Token | undefined => tokens[index];
  const isKeyword = (token: Token | undefined, word: string): boolean =>
    token?.type === 'ident' && token.text.toLowerCase() === word;
  const fail = (message: string): never => {
    const token = peek();
    throw new EqlError(`${message} at ${token ? token.at : 'end'}`);
  };

  const parseValue = (): EqlValue => {
    const token = peek();
    index += 1;
    if (token?.type === 'string') return token.text;
    if (token?.type === 'number') return token.value;
    if (isKeyword(token, 'true')) return true;
    if (isKeyword(token, 'false')) return false;
    index -= 1;
    return fail('expected a value');
  };

  const parseCompare = (): EqlNode => {
    const token = peek();
    if (token?.type !== 'ident' || KEYWORDS.has(token.text.toLowerCase()))
      return fail('expected a field name');
    const field = token.text;
    index += 1;
    const next = peek();
    if (next?.type === 'op') {
      index += 1;
      return { kind: 'compare', field, op: next.text as '=', value: parseValue() };
    }
    if (isKeyword(next, 'in')) {
      index += 1;
      if (peek()?.type !== 'punct' || (peek() as { text: string }).text !== '(')
        fail('expected "(" after IN');
      index += 1;
      const values: EqlValue[] = [parseValue()];
      while (peek()?.type === 'punct' && (peek() as { text: string }).text === ',') {
        index += 1;
        values.push(parseValue());
      }
      if (peek()?.type !== 'punct' || (peek() as { text: string }).text !== ')') fail('expected ")"');
      index += 1;
      if (values.length > 500) fail('too many values in IN');
      return { kind: 'in', field, values };
    }
    if (isKeyword(next, 'like')) {
      index += 1;
      const value = peek();
      if (value?.type !== 'string') return fail('LIKE needs a string');
      index += 1;
      return { kind: 'like', field, text: value.text };
    }
    if (isKeyword(next, 'is')) {
      index += 1;
      let negated = false;
      if (isKeyword(peek(), 'not')) {
        negated = true;
        index += 1;
      }
      if (!isKeyword(peek(), 'null')) fail('expected NULL');
      index += 1;
      return { kind: 'null', field, negated };
    }
    return fail('expected an operator (=, !=, <, <=, >, >=, IN, LIKE, IS NULL)');
  };

  const parseUnary = (): EqlNode => {
    const token = peek();
    if (token?.type === 'punct' && token.text === '(') {
      index += 1;
      const inner = parseOr();
      const close = peek();
      if (close?.type !== 'punct' || close.text !== ')') fail('expected ")"');
      index += 1;
      return inner;
    }
    return parseCompare();
  };

  const parseAnd = (): EqlNode => {
    const items = [parseUnary()];
    while (isKeyword(peek(), 'and')) {
      index += 1;
      items.push(parseUnary());
    }
    return items.length === 1 ? (items[0] as EqlNode) : { kind: 'and', items };
  };

  function parseOr(): EqlNode {
    const items = [parseAnd()];
    while (isKeyword(peek(), 'or')) {
      index += 1;
      items.push(parseAnd());
    }
    return items.length === 1 ? (items[0] as EqlNode) : { kind: 'or', items };
  }

  if (tokens.length === 0) throw new EqlError('empty expression');
  const tree = parseOr();
  if (index < tokens.length) fail('unexpected input');
  return tree;
}
