import { z } from 'zod';

/**
 * Russian bank details as the Bank of Russia defines them: a BIC (9 digits, `04` for Russia), a settlement
 * account and a correspondent account (20 digits each) whose control digit (the 9th) is keyed by the BIC.
 * The control sum runs over 23 digits — a 3-digit key and the account — with the weights 7, 1, 3 repeated;
 * the lowest digit of the sum is 0. The key of a settlement account is the BIC's last 3 digits (at a cash
 * settlement centre, BIC ending 000–002, `0` and the BIC's 5th and 6th digits); of a correspondent account
 * always `0` and the BIC's 5th and 6th digits. One place for the organization profile form and the
 * platform's update context alike.
 */

export const bankDetailsMessages = {
  bic: 'Неверный БИК',
  accountFormat: 'Расчётный счёт — 20 цифр',
  accountKey: 'Неверный расчётный счёт (контрольная цифра)',
  correspondentFormat: 'Корреспондентский счёт — 20 цифр',
  correspondentPrefix: 'Корреспондентский счёт начинается с 30101',
  correspondentKey: 'Неверный корреспондентский счёт (контрольная цифра)',
} as const;

const WEIGHTS = [7, 1, 3] as const;
const BIC_PATTERN = /^04\d{7}$/;
const ACCOUNT_PATTERN = /^\d{20}$/;
/** Correspondent accounts of credit institutions at the Bank of Russia (balance account 30101). */
const CORRESPONDENT_PREFIX = '30101';

function controlSum(key: string, account: string): number {
  const digits = key + account;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[index]) * (WEIGHTS[index % 3] as number);
  }
  return sum % 10;
}

/** A Russian BIC: 9 digits starting with `04`. */
export function isValidBic(bic: string): boolean {
  return BIC_PATTERN.test(bic);
}

function settlementKey(bic: string): string {
  const last = bic.slice(6);
  return ['000', '001', '002'].includes(last) ? `0${bic.slice(4, 6)}` : last;
}

function correspondentKey(bic: string): string {
  return `0${bic.slice(4, 6)}`;
}

/** A settlement account (20 digits) whose control digit agrees with the bank's BIC. */
export function isValidSettlementAccount(account: string, bic: string): boolean {
  return ACCOUNT_PATTERN.test(account) && isValidBic(bic) && controlSum(settlementKey(bic), account) === 0;
}

/** A correspondent account (20 digits, `30101…`) whose control digit agrees with the bank's BIC. */
export function isValidCorrespondentAccount(account: string, bic: string): boolean {
  return (
    ACCOUNT_PATTERN.test(account) &&
    account.startsWith(CORRESPONDENT_PREFIX) &&
    isValidBic(bic) &&
    controlSum(correspondentKey(bic), account) === 0
  );
}

function withControlDigit(key: string, account: string): string {
  if (!ACCOUNT_PATTERN.test(account)) throw new Error('An account has 20 digits');
  for (let digit = 0; digit <= 9; digit += 1) {
    const candidate = `${account.slice(0, 8)}${digit}${account.slice(9)}`;
    if (controlSum(key, candidate) === 0) return candidate;
  }
  // The 9th digit's weight (3) is coprime with 10, so one digit always fits.
  throw new Error('unreachable');
}

/** The account with its 9th digit replaced by the control digit the BIC asks for (demo data, tests). */
export function completeSettlementAccount(account: string, bic: string): string {
  return withControlDigit(settlementKey(bic), account);
}

/** As {@link completeSettlementAccount}, for a correspondent account. */
export function completeCorrespondentAccount(account: string, bic: string): string {
  return withControlDigit(correspondentKey(bic), account);
}

export interface BankDetailsInput {
  bic?: string | null;
  account?: string | null;
  correspondentAccount?: string | null;
}

export type BankDetailsErrors = Partial<Record<keyof BankDetailsInput, string>>;

/**
 * What is wrong with the given bank details, one message per field; empty values are not checked (whether a
 * field is required is the form's business). An account's control digit is checked only against a valid BIC:
 * with a bad BIC, the BIC alone is named.
 */
export function bankDetailsErrors(input: BankDetailsInput): BankDetailsErrors {
  const errors: BankDetailsErrors = {};
  const bic = input.bic || undefined;
  const bicOk = bic !== undefined && isValidBic(bic);
  if (bic !== undefined && !bicOk) errors.bic = bankDetailsMessages.bic;
  const account = input.account || undefined;
  if (account !== undefined) {
    if (!ACCOUNT_PATTERN.test(account)) errors.account = bankDetailsMessages.accountFormat;
    else if (bicOk && !isValidSettlementAccount(account, bic))
      errors.account = bankDetailsMessages.accountKey;
  }
  const correspondent = input.correspondentAccount || undefined;
  if (correspondent !== undefined) {
    if (!ACCOUNT_PATTERN.test(correspondent)) {
      errors.correspondentAccount = bankDetailsMessages.correspondentFormat;
    } else if (!correspondent.startsWith(CORRESPONDENT_PREFIX)) {
      errors.correspondentAccount = bankDetailsMessages.correspondentPrefix;
    } else if (bicOk && !isValidCorrespondentAccount(correspondent, bic)) {
      errors.correspondentAccount = bankDetailsMessages.correspondentKey;
    }
  }
  return errors;
}

/** A BIC field: digits only, checked as {@link isValidBic}. */
export function bicSchema() {
  return z.string().trim().refine(isValidBic, bankDetailsMessages.bic);
}

/** A settlement account field: 20 digits (the control digit needs the BIC: {@link bankDetailsErrors}). */
export function bankAccountSchema() {
  return z.string().trim().regex(ACCOUNT_PATTERN, bankDetailsMessages.accountFormat);
}

/** A correspondent account field: 20 digits starting with 30101. */
export function correspondentAccountSchema() {
  return z
    .string()
    .trim()
    .regex(ACCOUNT_PATTERN, bankDetailsMessages.correspondentFormat)
    .refine((value) => value.startsWith(CORRESPONDENT_PREFIX), bankDetailsMessages.correspondentPrefix);
}
