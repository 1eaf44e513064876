import { cachedFormat, currentFormatLocale, dateIn, formatDate } from '@/lib/dates';

/**
 * Money and dates on the plan page, with Intl like lib/dates.ts. Amounts come from Stripe's prices in the currency's
 * smallest unit (cents; yen have none): the currency's own number of fraction digits turns them into its units.
 */
const currencies = new Map<string, Map<string, Intl.NumberFormat>>();

export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const ofLanguage = cachedFormat(currencies, () => new Map<string, Intl.NumberFormat>());
  let formatter = ofLanguage.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat(currentFormatLocale(), { style: 'currency', currency: code });
    ofLanguage.set(code, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(amount / 10 ** digits);
}

/** An instant from Stripe (trial end, period end) as the calendar date it falls on in the user's zone. */
export const formatInstantDate = (instant: string, timeZone: string) => formatDate(dateIn(timeZone, new Date(instant)));
