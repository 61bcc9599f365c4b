// The cases of intl-countries.test.ts: one place, one day, and what Levy must answer on
// 100.00 of the category (tax in minor units), or the 422 with the earliest supported day.
export interface PlaceAndDay {
  readonly place: string;
  readonly country: string;
  readonly postal?: string;
  readonly province?: string;
  readonly city?: string;
  /** YYYY-MM-DD (noon UTC); today when absent. */
  readonly day?: string;
  readonly category?: string;
  readonly currency?: string;
}
export type IntlCase =
  | (PlaceAndDay & {
      readonly tax: number;
      readonly coverage?: string;
      /** jurisdiction_name of each tax_jurisdictions entry, in order. */
      readonly names?: readonly string[];
    })
  | (PlaceAndDay & { readonly earliest: string });

const EU_HISTORY: readonly IntlCase[] = [
  { place: "Dublin IE, the temporary 21%", country: "IE", postal: "D02 X285", city: "Dublin", day: "2020-10-01", tax: 2100 },
  { place: "Dublin IE before it", country: "IE", postal: "D02 X285", city: "Dublin", day: "2020-08-31", tax: 2300 },
  { place: "Dublin IE, restaurant food at 9% from 2020-11-01", country: "IE", city: "Dublin", day: "2020-11-02", category: "PREPARED_FOOD", tax: 900 },
  { place: "Dublin IE before 2020", country: "IE", city: "Dublin", day: "2019-12-31", earliest: "2020-01-01" },
  { place: "Vienna AT, restaurant food at the temporary 5%", country: "AT", postal: "1010", city: "Wien", day: "2021-06-01", category: "PREPARED_FOOD", tax: 500 },
  { place: "Vienna AT, restaurant food after it", country: "AT", postal: "1010", city: "Wien", day: "2022-01-01", category: "PREPARED_FOOD", tax: 1000 },
  { place: "Brussels BE, horeca 6% in summer 2020", country: "BE", postal: "1000", city: "Bruxelles", day: "2020-08-01", category: "PREPARED_FOOD", tax: 600 },
  { place: "Nicosia CY, catering 5% until 2021-01-10", country: "CY", postal: "1010", city: "Nicosia", day: "2021-01-10", category: "PREPARED_FOOD", tax: 500 },
  { place: "Madrid ES in 2020", country: "ES", postal: "28001", city: "Madrid", day: "2020-03-01", tax: 2100 },
  { place: "Warsaw PL in 2020", country: "PL", postal: "00-001", city: "Warszawa", day: "2020-02-01", tax: 2300 },
  { place: "Oslo NO, the 12% rate at 6% in 2021", country: "NO", postal: "0150", city: "Oslo", day: "2021-05-01", category: "ADMISSIONS_EVENTS", currency: "NOK", tax: 600 },
  { place: "Rome IT before 2020", country: "IT", postal: "00118", city: "Roma", day: "2019-06-30", earliest: "2020-01-01" },
];

export const INTL_CASES: readonly IntlCase[] = [...EU_HISTORY];
