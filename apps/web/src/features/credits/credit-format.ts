/**
 * Numbers and months on the credits screen, with Intl like lib/dates.ts (no library). A month travels as
 * `YYYY-MM` (the quota's `month`); its name is read at mid-month noon UTC so no time zone moves it.
 */

const LOCALE = 'pt-BR';
const number = new Intl.NumberFormat(LOCALE);
const signed = new Intl.NumberFormat(LOCALE, { signDisplay: 'exceptZero' });
const monthName = new Intl.DateTimeFormat(LOCALE, { month: 'long', timeZone: 'UTC' });

export const formatCount = (value: number) => number.format(value);

/** A ledger amount with its sign: "+10", "-10". */
export const formatSignedAmount = (value: number) => signed.format(value);

/** `2026-11` → "novembro". */
export const formatMonthName = (month: string) => monthName.format(new Date(`${month}-15T12:00:00Z`));
