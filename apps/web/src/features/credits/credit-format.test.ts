import { describe, expect, it } from 'vitest';
import { setFormatLocale } from '@/lib/dates';
import { formatCount, formatMonthName, formatSignedAmount } from './credit-format';

describe('credit formatting', () => {
  it('names the quota month in pt-BR whatever the time zone', () => {
    expect(formatMonthName('2026-11')).toBe('novembro');
    expect(formatMonthName('2027-01')).toBe('janeiro');
  });

  it('signs amounts: earned with +, spent with -', () => {
    expect(formatSignedAmount(10)).toBe('+10');
    expect(formatSignedAmount(-10)).toBe('-10');
    expect(formatSignedAmount(1500)).toBe('+1.500');
  });
});

describe('credit formatting in English', () => {
  it('names months and groups thousands the English way', () => {
    setFormatLocale('en');
    try {
      expect(formatMonthName('2026-11')).toBe('November');
      expect(formatSignedAmount(1500)).toBe('+1,500');
      expect(formatCount(1500)).toBe('1,500');
    } finally {
      setFormatLocale('pt-BR');
    }
  });
});
