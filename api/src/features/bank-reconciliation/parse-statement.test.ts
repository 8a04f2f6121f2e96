import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAmountCents, parseSaDate, parseStatement, StatementParseError } from './parse-statement.js';

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));
const simple = (name: string, bank?: Parameters<typeof parseStatement>[1]['bank']) =>
  parseStatement(fixture(name), { bank }).lines.map((l) => [l.date, l.description, l.amountCents]);

describe('each bank export parses to its lines', () => {
  it('FNB: preamble rows skipped, YYYY/MM/DD dates, signed amounts', () => {
    expect(simple('fnb.csv', 'fnb')).toEqual([
      ['2026-11-02', 'POS PURCHASE BUILDERS WAREHOUSE 4587*1234 01 NOV', -45000],
      ['2026-11-03', 'FNB APP PAYMENT FROM WL-7KQ3XM N DUBE', 320000],
      ['2026-11-03', '#MONTHLY ACCOUNT FEE', -8550],
      ['2026-11-04', 'ADT CASH DEPO00123 WL4HJ8RT', 185000],
      ['2026-11-05', 'ESKOM PREPAID ELECTRICITY 0412', -120000],
      ['2026-11-06', 'MAGTAPE CREDIT SMIT HOLIDAY', 240000],
      ['2026-11-07', 'ABSA BANK wl 9pxm2c Booking', 560000],
      ['2026-11-08', 'SALARIES NOV STAFF', -350000],
      ['2026-11-09', 'INTERNET TRF FROM GIFT VOUCHER', 75000],
      ['2026-11-10', '#CASH DEPOSIT FEE', -1250],
    ]);
  });

  it('Standard Bank: HIST rows with YYYYMMDD dates, description and reference joined', () => {
    expect(simple('standard-bank.csv', 'standard-bank')).toEqual([
      ['2026-11-02', 'IB PAYMENT FROM WL-3TNB6Q MOKOENA', 410000],
      ['2026-11-02', 'DEBIT ORDER TELKOM MOBILE 55123', -64000],
      ['2026-11-03', 'MONTHLY MANAGEMENT FEE', -6900],
      ['2026-11-04', 'CREDIT TRANSFER wl-8dfw4k', 275000],
      ['2026-11-05', 'PREPAID ELECTRICITY CITY OF POLOKWANE', -230000],
      ['2026-11-06', 'IB PAYMENT FROM NAIDOO FAMILY TRIP', 198000],
      ['2026-11-07', 'FEE: IMMEDIATE PAYMENT', -1500],
      ['2026-11-08', 'CASH DEPOSIT WL 5GZR7H', 330000],
      ['2026-11-09', 'CARD PURCHASE SPAR MODIMOLLE', -98000],
      ['2026-11-10', 'IB PAYMENT FROM REFUND OVERPAYMENT', 50000],
    ]);
  });

  it('Standard Bank: the header export with YYYYMMDD dates', () => {
    const csv = 'Date,Description,Amount,Balance\n20261103,IB PAYMENT FROM WL-3TNB6Q,4100.00,22340.55\n20261104,BANK CHARGES,-69.00,22271.55\n';
    expect(parseStatement(csv, { bank: 'standard-bank' }).lines.map((l) => [l.date, l.description, l.amountCents])).toEqual([
      ['2026-11-03', 'IB PAYMENT FROM WL-3TNB6Q', 410000],
      ['2026-11-04', 'BANK CHARGES', -6900],
    ]);
  });

  it('ABSA: DD/MM/YYYY dates, separate debit and credit columns', () => {
    expect(simple('absa.csv', 'absa')).toEqual([
      ['2026-11-02', 'ACB CREDIT WL-2MWQ9R VAN DER MERWE', 625000],
      ['2026-11-02', 'DIGITAL PAYMENT DT VODACOM', -145000],
      ['2026-11-03', 'ADMINISTRATION CHARGE HEADOFFICE', -9500],
      ['2026-11-04', 'DIGITAL TRANSF CR ABSA BANK wl6ycn3p', 220000],
      ['2026-11-05', 'PURCHASE MAKRO SILVER LAKES', -310000],
      ['2026-11-06', 'DIGITAL TRANSF CR BOTHA WEEKEND', 160000],
      ['2026-11-07', 'SALARY PAYMENT STAFF NOV', -420000],
      ['2026-11-08', 'CASH DEP BRANCH Wl-4Vxk7e', 390000],
      ['2026-11-09', 'NOTIFIC FEE SMS NOTIFYME', -2850],
      ['2026-11-10', 'ACB CREDIT MEDICAL AID REFUND', 90000],
    ]);
  });

  it('ABSA: the signed amount export', () => {
    const csv = 'Date,Description,Amount,Balance\n02/11/2026,ACB CREDIT WL-2MWQ9R,"6,250.00","28,365.40"\n03/11/2026,ADMIN CHARGE,-95.00,"28,270.40"\n';
    expect(parseStatement(csv, { bank: 'absa' }).lines.map((l) => [l.date, l.amountCents])).toEqual([
      ['2026-11-02', 625000],
      ['2026-11-03', -9500],
    ]);
  });

  it('Nedbank: a preamble, then DD Mon YYYY dates and signed amounts', () => {
    expect(simple('nedbank.csv', 'nedbank')).toEqual([
      ['2026-11-02', 'POS PURCHASE ENGEN MOKOPANE', -35000],
      ['2026-11-03', 'INTERNET BANKING TRF WL-6RBD2N', 448000],
      ['2026-11-03', 'SERVICE FEE', -5500],
      ['2026-11-04', 'IMMEDIATE PAYMENT wl 3ckp8s KHUMALO', 297500],
      ['2026-11-05', 'DEBIT ORDER SANTAM INSURANCE', -187500],
      ['2026-11-06', 'INTERNET BANKING TRF PILLAY', 132000],
      ['2026-11-07', 'ATM WITHDRAWAL BELA BELA', -60000],
      ['2026-11-08', 'CASH DEPOSIT WL7H3M9Q', 515000],
      ['2026-11-09', 'CASH HANDLING FEE', -750],
      ['2026-11-10', 'INTERNET BANKING TRF CONFERENCE HALL', 110000],
    ]);
  });

  it('Capitec: transaction date, money in less money out (a deposit fee is not taken off the guest)', () => {
    expect(simple('capitec.csv', 'capitec')).toEqual([
      ['2026-11-02', 'Payment Received: WL-9QHT4B Ndlovu', 365000],
      ['2026-11-02', 'Woolworths Food Hoedspruit', -28999],
      ['2026-11-03', 'Monthly Account Admin Fee', -600],
      ['2026-11-04', 'Payment Received: wl 2bzn6u', 210000],
      ['2026-11-05', 'DebiCheck: Hollard Insure', -150000],
      ['2026-11-06', 'Payment Received: Fourie Holiday', 174000],
      ['2026-11-07', 'Prepaid Electricity', -45000],
      ['2026-11-08', 'Cash Deposit: WL3XKD7R', 440000],
      ['2026-11-09', 'Payment: Waterberg Firewood', -120000],
      ['2026-11-10', 'Payment Received: Deposit Refund', 65000],
    ]);
  });

  it('detects each layout by its header when the bank is not given', () => {
    for (const [file, bank] of [
      ['fnb.csv', 'fnb'],
      ['standard-bank.csv', 'standard-bank'],
      ['absa.csv', 'absa'],
      ['capitec.csv', 'capitec'],
      ['nedbank.csv', 'nedbank'],
    ] as const) {
      expect(parseStatement(fixture(file), {}).bank, file).toBe(bank);
    }
  });

  it('other: the chosen 1-based columns; rows without a date are skipped', () => {
    const csv = 'Statement for Waterberg Lodge\nRef,Posted,Narrative,Value\n1,2026-11-03,TRF WL-7KQ3XM,R1 500.00 CR\n2,03/11/2026,Bank fee,(12.50)\n3,20261104,Cash,2 000,00\n4,4 Nov 2026,Debit order,350.00 DR\n';
    const lines = parseStatement(csv, { bank: 'other', columns: { date: 2, description: 3, amount: 4 } }).lines;
    expect(lines.map((l) => [l.lineNumber, l.date, l.description, l.amountCents])).toEqual([
      [1, '2026-11-03', 'TRF WL-7KQ3XM', 150000],
      [2, '2026-11-03', 'Bank fee', -1250],
      [3, '2026-11-04', 'Cash', 200000],
      [4, '2026-11-04', 'Debit order', -35000],
    ]);
  });
});

describe('fingerprints', () => {
  it('are the same for the same bank line in another export, and differ for a repeat of it in one file', () => {
    const a = parseStatement('Date,Description,Amount\n2026-11-03,CASH DEPOSIT,500.00\n2026-11-03,CASH DEPOSIT,500.00\n', { bank: 'fnb' }).lines;
    const b = parseStatement('Date,Description,Amount\n2026-11-02,FEE,-5.00\n2026-11-03,cash  deposit,500.00\n', { bank: 'fnb' }).lines;
    expect(a[0].fingerprint).not.toBe(a[1].fingerprint);
    expect(a.map((l) => l.repeat)).toEqual([0, 1]);
    expect(b[1].fingerprint).toBe(a[0].fingerprint);
  });
});

describe('bad files', () => {
  const problem = (content: string | Buffer, opts: Parameters<typeof parseStatement>[1] = { bank: 'fnb' }) => {
    try {
      parseStatement(content, opts);
    } catch (err) {
      if (err instanceof StatementParseError) return err.problem;
      throw err;
    }
    return 'parsed';
  };
  it('empty, header only, binary, not a bank export, no dates in the chosen column', () => {
    expect(problem('')).toBe('empty');
    expect(problem('  \n\n')).toBe('empty');
    expect(problem('Date,Description,Amount,Balance\n')).toBe('empty');
    expect(problem(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0xff]))).toBe('notCsv');
    expect(problem('hello world\nthis is a letter\n')).toBe('notCsv');
    expect(problem('a,b,c\nx,y,z\n', { bank: 'other', columns: { date: 1, description: 2, amount: 3 } })).toBe('noDateColumn');
    expect(problem('a,b,c\n', { bank: 'other', columns: { date: 1, description: 2, amount: 3 } })).toBe('empty');
  });
});

describe('dates and amounts in the common South African forms', () => {
  it.each([
    ['2026-11-03', '2026-11-03'],
    ['2026/11/03', '2026-11-03'],
    ['03/11/2026', '2026-11-03'],
    ['20261103', '2026-11-03'],
    ['03 Nov 2026', '2026-11-03'],
    ['3 Sept 2026', '2026-09-03'],
    ['2026-11-03 14:22', '2026-11-03'],
    ['31/02/2026', undefined],
    ['Date', undefined],
  ])('%s -> %s', (input, expected) => expect(parseSaDate(input)).toBe(expected));

  it.each([
    ['1500.00', 150000],
    ['R1 500.00', 150000],
    ['R 1,500.00', 150000],
    ['1\u00a0500,50', 150050],
    ['-250.5', -25050],
    ['(250.00)', -25000],
    ['1500.00 CR', 150000],
    ['250.00DR', -25000],
    ['250.00-', -25000],
    ['-R250.00', -25000],
    ['12,345,678.90', 1234567890],
    ['abc', undefined],
    ['', undefined],
  ])('%s -> %s', (input, expected) => expect(parseAmountCents(input)).toBe(expected));
});
