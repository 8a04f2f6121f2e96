import { describe, expect, it } from 'vitest';
import { checkRefundAmountText } from './refund-amount.js';

const invalid = (max: string) => ({ ok: false, title: 'Invalid Amount', description: `Please enter a valid amount between R1 and ${max}` });

describe('the partial refund amount', () => {
  it('takes whole rand and rand with one or two decimals, up to what is refundable', () => {
    expect(checkRefundAmountText('500', 300000)).toEqual({ ok: true, cents: 50000 });
    expect(checkRefundAmountText(' 1250.5 ', 300000)).toEqual({ ok: true, cents: 125050 });
    expect(checkRefundAmountText('0.01', 300000)).toEqual({ ok: true, cents: 1 });
    expect(checkRefundAmountText('R2,999.99', 300000)).toEqual({ ok: true, cents: 299999 });
  });

  it('takes exactly the refundable amount', () => {
    expect(checkRefundAmountText('3000', 300000)).toEqual({ ok: true, cents: 300000 });
    expect(checkRefundAmountText('3000.00', 300000)).toEqual({ ok: true, cents: 300000 });
  });

  it('refuses a cent more than is refundable, naming the limit', () => {
    expect(checkRefundAmountText('3000.01', 300000)).toEqual(invalid('R3,000'));
    expect(checkRefundAmountText('1000.51', 100050)).toEqual(invalid('R1,000.50'));
  });

  it('refuses zero, negative amounts and nothing at all', () => {
    expect(checkRefundAmountText('0', 300000)).toEqual(invalid('R3,000'));
    expect(checkRefundAmountText('0.00', 300000)).toEqual(invalid('R3,000'));
    expect(checkRefundAmountText('-5', 300000)).toEqual(invalid('R3,000'));
    expect(checkRefundAmountText('', 300000)).toEqual(invalid('R3,000'));
  });

  it('refuses more than two decimals and text that is not an amount', () => {
    expect(checkRefundAmountText('10.005', 300000)).toEqual(invalid('R3,000'));
    expect(checkRefundAmountText('10.', 300000)).toEqual(invalid('R3,000'));
    expect(checkRefundAmountText('1e3', 300000)).toEqual(invalid('R3,000'));
    expect(checkRefundAmountText('ten', 300000)).toEqual(invalid('R3,000'));
  });
});
