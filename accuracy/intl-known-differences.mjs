// Differences between Levy's VAT data and the EU yardstick datasets, each checked against
// the official text: `key` is "<id> standard|reduced", `from`..`to` the days (inclusive)
// the difference covers, `why` the source that shows who is right. The same differences are
// allow-listed in services/calc-engine/src/rates/intl-data.test.ts.
const OPEN = "9999-12-31";
export const KNOWN_DIFFERENCES = [
  {
    key: "AT reduced",
    from: "2020-07-01",
    to: "2021-12-31",
    why: "Levy right: temporary 5% (UStG 1994 § 28 Abs. 52, BGBl. I Nr. 60/2020 and Nr. 3/2021); the yardstick lacks it",
  },
  {
    key: "AT reduced",
    from: "2026-07-01",
    to: OPEN,
    why: "Levy right: 4.9% for basic foods from 2026-07-01 (UStG 1994 § 10 amendment of 2026); after the yardstick's date",
  },
  {
    key: "CY reduced",
    from: "2023-07-21",
    to: OPEN,
    why: "Levy right: 3% rate from 2023-07-21 (VAT Law amendment implementing Directive (EU) 2022/542); the yardstick lists only 5% and 9%",
  },
  {
    key: "EE reduced",
    from: "2022-08-01",
    to: "2023-12-31",
    why: "Levy right: 5% for press publications from 2022-08-01 (Käibemaksuseadus § 15, amendment of 18 May 2022)",
  },
  {
    key: "FI reduced",
    from: "2026-01-01",
    to: OPEN,
    why: "Levy right: 14% -> 13.5% on 2026-01-01 (Arvonlisäverolaki § 85, 2026 budget law); the yardstick is stale (see fixtures README)",
  },
  {
    key: "LT reduced",
    from: "2026-01-01",
    to: OPEN,
    why: "Levy right: 9% -> 12% on 2026-01-01 (Law on VAT art. 19 as amended by Law No. XV-287); the yardstick is stale (see fixtures README)",
  },
  {
    key: "LU reduced",
    from: "2015-01-01",
    to: "2022-12-31",
    why: "Levy right: the intermediate rate was 14% until the 2023 cut to 13% (loi du 26 octobre 2022); the yardstick keeps 13% for the whole period",
  },
  {
    key: "MT reduced",
    from: "2024-01-01",
    to: OPEN,
    why: "Levy right: 12% rate from 2024-01-01 (Legal Notice 231 of 2023); the yardstick lists only 5% and 7%",
  },
  {
    key: "SK reduced",
    from: "2023-01-01",
    to: "2024-12-31",
    why: "Levy right: 5% rate from 2023-01-01 (Act No. 222/2004 § 27 as amended); the yardstick lists only 10%",
  },
  {
    key: "ES-VATX-CANARY_ISLANDS standard",
    from: "2020-01-01",
    to: OPEN,
    why: "different tax: the yardstick gives 0 (no EU VAT); Levy charges the IGIC that applies instead, 7% (Ley 20/1991 art. 27, Ley 4/2012 art. 51)",
  },
  {
    key: "FI-VATX-ALAND standard",
    from: "2013-01-01",
    to: OPEN,
    why: "different tax: the yardstick gives 0 (no EU VAT); the Finnish VAT Act applies in Åland (Act 1266/1996 s. 1)",
  },
  {
    key: "DE-VATX-BUSINGEN standard",
    from: "2018-01-01",
    to: OPEN,
    why: "different tax: the yardstick gives 0 (no EU VAT); Büsingen is in the Swiss VAT area (MWSTG Art. 3 lit. a)",
  },
];
