// The 32 currencies Levy accepts, with their ISO 4217 minor-unit exponent. Amounts are
// always integers in the minor unit, so the exponent only matters for display and for
// thresholds written in another currency (which Levy never converts).
export const currencyExponents: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  JPY: 0,
  CHF: 2,
  NOK: 2,
  SEK: 2,
  DKK: 2,
  ISK: 0,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  SGD: 2,
  KRW: 0,
  INR: 2,
  ZAR: 2,
  MXN: 2,
  BRL: 2,
  CNY: 2,
  HKD: 2,
  TWD: 2,
  ILS: 2,
  TRY: 2,
  AED: 2,
  SAR: 2,
  THB: 2,
  MYR: 2,
  PHP: 2,
};

export const acceptedCurrencies: readonly string[] = Object.keys(currencyExponents);

export function isAcceptedCurrency(code: string): boolean {
  return Object.hasOwn(currencyExponents, code);
}
