// Money in minor units (issue 37): tax inside and on top of a price, rounding half up, amounts typed
// by the coach, and how they are written, for currencies with 2, 0 and 3 minor digits.
import { describe, expect, test } from 'bun:test';
import { formatMoney, formatRate, isCurrency, minorDigits, moneyInput, parseMoney, priceBreakdown, taxOf } from '#src/schemas/money.ts';

describe('tax', () => {
  test('inside a tax-inclusive price and added on top of a net one, in whole minor units', () => {
    expect(priceBreakdown(12_000, 2000, true)).toEqual({ netMinor: 10_000, taxMinor: 2_000, totalMinor: 12_000 });
    expect(priceBreakdown(10_000, 2000, false)).toEqual({ netMinor: 10_000, taxMinor: 2_000, totalMinor: 12_000 });
    expect(priceBreakdown(9_999, 0, true)).toEqual({ netMinor: 9_999, taxMinor: 0, totalMinor: 9_999 });
    // 5.5% of €10.01 is 55.055 cents: half up to 55; inside €10.01 it is 52.19… → 52.
    expect(taxOf(1_001, 550, false)).toBe(55);
    expect(taxOf(1_001, 550, true)).toBe(52);
    // Exactly half a cent rounds up: 2.5% of 20 cents is 0.5.
    expect(taxOf(20, 250, false)).toBe(1);
  });

  test('the net and the tax always add up to the total, for every price to €100 at common rates', () => {
    for (const rate of [0, 500, 550, 700, 1900, 2000, 2100, 2500])
      for (let price = 0; price <= 10_000; price += 7)
        for (const inclusive of [true, false]) {
          const { netMinor, taxMinor, totalMinor } = priceBreakdown(price, rate, inclusive);
          expect(Number.isInteger(taxMinor) && netMinor + taxMinor === totalMinor).toBe(true);
        }
  });
});

describe('amounts typed and written', () => {
  test('typed by the coach: whole and decimal, thousands separators; too many decimals or words are not amounts', () => {
    expect(parseMoney('120', 'EUR')).toBe(12_000);
    expect(parseMoney(' 120.5 ', 'EUR')).toBe(12_050);
    expect(parseMoney('1,200.00', 'GBP')).toBe(120_000);
    expect(parseMoney('5000', 'JPY')).toBe(5_000);
    expect(parseMoney('1.234', 'BHD')).toBe(1_234);
    for (const bad of ['12.345', '-5', 'abc', '', '1e3', '12.', '5.5']) expect(parseMoney(bad, bad === '5.5' ? 'JPY' : 'EUR')).toBeNull();
  });

  test('written for a form and for a reader, from the integers', () => {
    expect(moneyInput(12_050, 'EUR')).toBe('120.50');
    expect(moneyInput(7, 'EUR')).toBe('0.07');
    expect(moneyInput(5_000, 'JPY')).toBe('5000');
    expect(formatMoney(12_050, 'EUR')).toBe('€120.50');
    expect(formatMoney(120_000, 'GBP')).toBe('£1,200.00');
    expect(formatMoney(1_234, 'BHD').replace(/\s/g, ' ')).toBe('BHD 1.234');
    expect(formatRate(2000)).toBe('20%');
    expect(formatRate(550)).toBe('5.5%');
  });

  test('currencies: three upper-case letters this runtime knows, with their minor digits', () => {
    expect(['EUR', 'GBP', 'USD', 'JPY'].every(isCurrency)).toBe(true);
    expect(['eur', 'XYZ', 'EURO', ''].some(isCurrency)).toBe(false);
    expect([minorDigits('EUR'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([2, 0, 3]);
  });
});
