import { describe, expect, it } from 'vitest';
import {
  bankDetailsErrors,
  bankDetailsMessages,
  bicSchema,
  completeCorrespondentAccount,
  completeSettlementAccount,
  correspondentAccountSchema,
  isValidBic,
  isValidCorrespondentAccount,
  isValidSettlementAccount,
} from './bank-details';

/** Published BICs and correspondent accounts of Russian banks (the Bank of Russia's directory). */
const publishedBanks = [
  ['044525225', '30101810400000000225'], // Sberbank
  ['044525187', '30101810700000000187'], // VTB
  ['044525593', '30101810200000000593'], // Alfa-Bank
  ['044525974', '30101810145250000974'], // T-Bank
  ['044525555', '30101810400000000555'], // Promsvyazbank
] as const;

describe('BIC', () => {
  it('is 9 digits starting with 04', () => {
    expect(isValidBic('044525225')).toBe(true);
    expect(isValidBic('144525225')).toBe(false);
    expect(isValidBic('04452522')).toBe(false);
    expect(isValidBic('0445252255')).toBe(false);
    expect(isValidBic('04452522a')).toBe(false);
    expect(bicSchema().safeParse('123456789').error?.issues[0]?.message).toBe('Неверный БИК');
    expect(bicSchema().parse(' 044525225 ')).toBe('044525225');
  });
});

describe('correspondent account', () => {
  it('accepts every published pair and refuses any changed digit', () => {
    for (const [bic, account] of publishedBanks) {
      expect(isValidCorrespondentAccount(account, bic)).toBe(true);
      for (let index = 0; index < account.length; index += 1) {
        const digit = Number(account[index]);
        const changed = `${account.slice(0, index)}${(digit + 1) % 10}${account.slice(index + 1)}`;
        if (changed.startsWith('30101')) expect(isValidCorrespondentAccount(changed, bic)).toBe(false);
      }
    }
  });

  it('is keyed by the BIC: another bank’s account fails', () => {
    // Sberbank's Siberian bank in Novosibirsk: another region's digits 5–6.
    expect(isValidCorrespondentAccount('30101810500000000641', '045004641')).toBe(true);
    expect(isValidCorrespondentAccount('30101810400000000225', '045004641')).toBe(false);
  });

  it('completes the control digit the way the published accounts have it', () => {
    for (const [bic, account] of publishedBanks) {
      expect(completeCorrespondentAccount(`${account.slice(0, 8)}0${account.slice(9)}`, bic)).toBe(account);
    }
  });

  it('needs 20 digits starting with 30101', () => {
    const schema = correspondentAccountSchema();
    expect(schema.safeParse('3010181040000000022').error?.issues[0]?.message).toBe(
      'Корреспондентский счёт — 20 цифр',
    );
    expect(schema.safeParse('40101810400000000225').error?.issues[0]?.message).toBe(
      'Корреспондентский счёт начинается с 30101',
    );
  });
});

describe('settlement account', () => {
  it('takes the BIC’s last three digits as the key', () => {
    // 40702810638000000000 at Sberbank (044525225): 225 + the account, weights 7 1 3, sum 130.
    expect(isValidSettlementAccount('40702810638000000000', '044525225')).toBe(true);
    expect(isValidSettlementAccount('40702810738000000000', '044525225')).toBe(false);
    // The same digits at another bank need another control digit.
    expect(isValidSettlementAccount('40702810638000000000', '044525187')).toBe(false);
    expect(completeSettlementAccount('40702810038000000000', '044525225')).toBe('40702810638000000000');
  });

  it('at a cash settlement centre (BIC ending 000–002) takes 0 and the BIC’s 5th and 6th digits', () => {
    // The key is 025, as a correspondent account's there.
    const account = completeSettlementAccount('40101810000000010001', '044525000');
    expect(account).toBe(completeCorrespondentAccount('40101810000000010001', '044525000'));
    expect(isValidSettlementAccount(account, '044525000')).toBe(true);
    expect(isValidSettlementAccount(account, '044525001')).toBe(true);
    expect(isValidSettlementAccount(account, '044525002')).toBe(true);
  });

  it('every account completes to a valid one, and one control digit only fits', () => {
    for (const [bic] of publishedBanks) {
      const account = completeSettlementAccount('40703810012345678901', bic);
      expect(isValidSettlementAccount(account, bic)).toBe(true);
      const others = [...'0123456789'].filter(
        (digit) =>
          digit !== account[8] &&
          isValidSettlementAccount(`${account.slice(0, 8)}${digit}${account.slice(9)}`, bic),
      );
      expect(others).toEqual([]);
    }
  });
});

describe('bankDetailsErrors', () => {
  it('names each wrong field with its message', () => {
    expect(
      bankDetailsErrors({
        bic: '044525225',
        account: '40702810738000000000',
        correspondentAccount: '30101810400000000226',
      }),
    ).toEqual({
      account: bankDetailsMessages.accountKey,
      correspondentAccount: bankDetailsMessages.correspondentKey,
    });
    expect(bankDetailsErrors({ bic: '12345', account: '123' })).toEqual({
      bic: 'Неверный БИК',
      account: 'Расчётный счёт — 20 цифр',
    });
  });

  it('checks no control digit against a bad BIC and leaves empty fields alone', () => {
    expect(bankDetailsErrors({ bic: '999999999', account: '40702810738000000000' })).toEqual({
      bic: 'Неверный БИК',
    });
    expect(bankDetailsErrors({ bic: '', account: null, correspondentAccount: undefined })).toEqual({});
    expect(
      bankDetailsErrors({
        bic: '044525225',
        account: '40702810638000000000',
        correspondentAccount: '30101810400000000225',
      }),
    ).toEqual({});
  });
});
