/**
 * Removes what must never reach the server log from a client's text: bearer tokens and JWTs, secrets
 * named in `key=value` or JSON form, e-mail addresses, and long runs of digits (phone numbers, one-time
 * codes, card or account numbers). Control characters become spaces so one report is one log line.
 */
const HIDDEN = '[скрыто]';

const rules: [RegExp, string][] = [
  [/\bBearer\s+[^\s"',;}]+/gi, `Bearer ${HIDDEN}`],
  [/\bToken\s+[A-Za-z0-9._~+/=-]{8,}/g, `Token ${HIDDEN}`],
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?/g, HIDDEN],
  [
    /(["']?\b(?:access_?token|refresh_?token|token|code|password|secret|authorization|cookie)["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s&,;}]+)/gi,
    `$1${HIDDEN}`,
  ],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, HIDDEN],
  [/(?<![\w-])\+?\d(?:[\s()-]*\d){5,}(?![\w-])/g, HIDDEN],
];

export function scrubLogText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  let result = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  for (const [pattern, replacement] of rules) result = result.replace(pattern, replacement);
  return result;
}
