// /tax/filings and /tax/sales-summary: the ledger's reads of what a merchant files.
// Approving or rejecting a live filing stays an explicit write (MCP write tools), never a
// side effect of reading.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { epochRange } from "@levy/kit";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { Filing, FilingLine, LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { filingListQuery, listEnvelope, presentFiling, presentSalesSummary, salesSummaryQuery } from "@levy/presenters";
import { csvRow } from "./csv.js";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

/** The export's columns: amounts in minor units, refunds negative, as the filing sums them. */
const filingLineColumns = [
  "filing_id",
  "period",
  "jurisdiction_id",
  "currency_code",
  "kind",
  "transaction_id",
  "refund_id",
  "reference_order_id",
  "processed_at",
  "processed_date",
  "line_item_id",
  "amount_excluding_tax",
  "taxable",
  "tax_rate",
  "tax_amount",
];

function filingLineValues(filing: Filing, line: FilingLine): (string | number | boolean)[] {
  return [
    filing.id,
    filing.period,
    filing.jurisdictionId,
    filing.currencyCode,
    line.kind,
    line.transactionId,
    line.refundId,
    line.referenceOrderId,
    Number(line.processedAt),
    new Date(Number(line.processedAt) * 1000).toISOString().slice(0, 10),
    line.lineItemId,
    Number(line.amountExcludingTax),
    line.taxable,
    line.taxRate,
    Number(line.taxAmount),
  ];
}

/** Mounted at /tax/filings. */
export function filingRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(filingListQuery, request.query, "query");
      const page = await ledger.listFilings({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
        status: query.status ?? "",
        ...epochRange(query.from, query.to),
      });
      response.json(listEnvelope(page.filings.map(presentFiling), page.nextCursor));
    }),
  );
  router.get(
    "/:filing_id/lines.csv",
    routeHandler(async (request, response) => {
      const scope = scopeOf(response);
      const filingId = pathParam(request, "filing_id");
      const next = (cursor: string) => ledger.listFilingLines({ scope, filingId, cursor });
      // The first page is read before anything is sent, so an unknown filing is a JSON 404.
      let page = await next("");
      const { filing } = await ledger.getFiling({ scope, filingId });
      response.status(200);
      response.setHeader("content-type", "text/csv; charset=utf-8");
      response.setHeader(
        "content-disposition",
        `attachment; filename="${filingId.replace(/[^A-Za-z0-9_-]/g, "_")}.csv"`,
      );
      response.write(csvRow(filingLineColumns));
      for (;;) {
        for (const line of page.lines) response.write(csvRow(filingLineValues(filing!, line)));
        if (page.nextCursor === "") break;
        page = await next(page.nextCursor);
      }
      response.end();
    }),
  );
  router.get(
    "/:filing_id",
    routeHandler(async (request, response) => {
      const { filing } = await ledger.getFiling({
        scope: scopeOf(response),
        filingId: pathParam(request, "filing_id"),
      });
      response.json(presentFiling(filing!));
    }),
  );
  return router;
}

/** Mounted at /tax/sales-summary: totals over whole UTC days, the days summed stated in the answer. */
export function salesSummaryRoutes(
  ledger: Client<typeof LedgerService>,
  catalog: Client<typeof CatalogService>,
): Router {
  const router = Router();
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(salesSummaryQuery, request.query, "query");
      const asked = epochRange(query.from, query.to);
      const scope = scopeOf(response);
      // A merchant that does not exist is merchant_not_found, not an empty summary.
      const merchant = query.merchant_id
        ? (await catalog.getMerchant({ scope, merchantId: query.merchant_id })).merchant
        : undefined;
      const summary = await ledger.getSalesSummary({ scope, ...asked, merchantId: merchant?.id ?? "" });
      const merchantRef = merchant ? { id: merchant.id, reference_merchant_id: merchant.referenceMerchantId } : null;
      response.json(presentSalesSummary(summary, asked, merchantRef, scope.livemode));
    }),
  );
  return router;
}
