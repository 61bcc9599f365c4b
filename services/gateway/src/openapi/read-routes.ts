// Documented routes: the ledger's reads (transactions, filings and their CSV, the sales
// summary) and the rate lookup (issue 21).
import {
  filingListQuery,
  filingSchema,
  listSchema,
  rateLookupQuery,
  rateLookupSchema,
  salesSummaryQuery,
  salesSummarySchema,
  transactionListQuery,
  transactionSchema,
} from "@levy/presenters";
import type { RouteSpec } from "./route-spec.js";

const tax = { auth: "api-key" } as const;
const filingId = { filing_id: "filing ID (fil_<YYYY-MM>_<jurisdiction>_<currency>)" };
const filing = { description: "the filing", schema: filingSchema };

export const readRoutes: RouteSpec[] = [
  {
    ...tax,
    tag: "transactions",
    method: "get",
    path: "/tax/transactions",
    summary: "List transactions, filtered by processing date, merchant, customer, order or type",
    query: transactionListQuery,
    responses: { 200: { description: "a page of transactions", schema: listSchema(transactionSchema) } },
  },
  {
    ...tax,
    tag: "filings",
    method: "get",
    path: "/tax/filings",
    summary: "List filings (one per UTC month, jurisdiction and currency)",
    query: filingListQuery,
    responses: { 200: { description: "a page of filings", schema: listSchema(filingSchema) } },
  },
  {
    ...tax,
    tag: "filings",
    method: "get",
    path: "/tax/filings/{filing_id}",
    summary: "Get a filing",
    pathParams: filingId,
    responses: { 200: filing },
  },
  {
    ...tax,
    tag: "filings",
    method: "get",
    path: "/tax/filings/{filing_id}/lines.csv",
    summary: "The sale and refund lines a filing adds up, as CSV (refunds negative, minor units)",
    pathParams: filingId,
    responses: { 200: { description: "RFC 4180 CSV with a header row", mediaTypes: ["text/csv"] } },
  },
  {
    ...tax,
    tag: "filings",
    method: "get",
    path: "/tax/sales-summary",
    summary: "Sales and tax totals per currency over whole UTC days",
    query: salesSummaryQuery,
    responses: { 200: { description: "the summary and the seconds it covers", schema: salesSummarySchema } },
    errors: [404],
  },
  {
    ...tax,
    tag: "rates",
    method: "get",
    path: "/tax/rates",
    summary: "The jurisdictions and rates a calculation at a place would use for one category and day",
    query: rateLookupQuery,
    responses: { 200: { description: "the rates; nothing is stored", schema: rateLookupSchema } },
    errors: [422],
  },
];
