import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES, businessErrors, gstinProblem, gstinState, normaliseGstin } from './gstin';

// Valid (python-stdnum agrees; orders/tests/test_business_buyers.py uses the same).
const KARNATAKA = '29AAACS1234A1ZY';
const MAHARASHTRA = '27AAACS1234A1Z2';
const LADAKH = '38AAACS1234A1ZZ';

describe('gstin', () => {
  it('accepts valid GSTINs typed in any case and spacing, and names their state', () => {
    for (const number of [KARNATAKA, MAHARASHTRA, '07AAACS1234A1Z4', '33AAACS1234A1Z9', LADAKH]) {
      expect(gstinProblem(number)).toBeNull();
    }
    expect(normaliseGstin(' 27 aaacs-1234-a1z2 ')).toBe(MAHARASHTRA);
    expect(gstinProblem(' 27 aaacs-1234-a1z2 ')).toBeNull();
    expect(gstinState(KARNATAKA)).toBe('Karnataka');
    expect(gstinState('27aaacs1234a1z2')).toBe('Maharashtra');
    expect(gstinState(LADAKH)).toBe('Ladakh');
  });

  it('refuses a wrong check character: every other last character fails', () => {
    const base = KARNATAKA.slice(0, 14);
    const valid = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter(
      (char) => gstinProblem(base + char) === null,
    );
    expect(valid).toEqual(['Y']);
    expect(gstinProblem('29AAACS1234A1ZZ')).toBe(GSTIN_MESSAGES.checksum);
    // Two neighbours swapped.
    expect(gstinProblem('29AAACS1243A1ZY')).toBe(GSTIN_MESSAGES.checksum);
  });

  it('refuses a first two digits that are no state code, even with a right check character', () => {
    expect(gstinProblem('99AAACS1234A1ZR')).toBe(GSTIN_MESSAGES.state('99'));
    expect(gstinProblem('00AAACS1234A1ZI')).toBe(GSTIN_MESSAGES.state('00'));
    expect(gstinProblem('97AAACS1234A1ZV')).toContain('97 is none');
    expect(gstinState('99AAACS1234A1ZR')).toBe('');
  });

  it('refuses what is not shaped like a GSTIN', () => {
    for (const number of [
      '',
      '29AAACS1234A1Z',
      '29AAACS1234A1ZYY',
      '29AAAXS1234A1ZY', // X is no PAN holder type
      '29AAACS1234A0ZY', // registration number 0
      '29AAACS1234A1YY', // the 14th is always Z
      '29AAACS0000A1ZY',
      '२९AAACS1234A1ZY',
    ]) {
      expect(gstinProblem(number), number).toBe(GSTIN_MESSAGES.format);
    }
  });

  it('wants a GSTIN and a business name together, or neither', () => {
    expect(businessErrors({ gstin: '', businessName: '' })).toEqual({});
    expect(businessErrors({ gstin: KARNATAKA, businessName: 'Asha Traders' })).toEqual({});
    expect(businessErrors({ gstin: KARNATAKA, businessName: '  ' })).toEqual({
      businessName: 'Please add the business name on the GSTIN',
    });
    expect(businessErrors({ gstin: '', businessName: 'Asha Traders' })).toEqual({
      businessName: GSTIN_MESSAGES.nameWithoutGstin,
    });
    expect(businessErrors({ gstin: '29AAACS1234A1ZZ', businessName: 'X' })).toEqual({
      gstin: GSTIN_MESSAGES.checksum,
    });
  });
});
