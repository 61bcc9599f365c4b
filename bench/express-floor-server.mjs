// The framework floor: Express (the gateway's HTTP framework, fixed by DESIGN.md) set up as
// the gateway sets it up (no x-powered-by, simple query parser, every body parsed as JSON),
// answering each POST with the fields of a 1-line calculation's response (plus a line count
// read from the body, so the parse cannot be skipped) and doing no other work: no auth, no validation, no RPC, no storage. Whatever an
// endpoint served through Express costs, it cannot be faster than this.
import http from "node:http";
import express from "express";
import { serveForHarness } from "./yardstick-control.mjs";

const template = {
  object: "tax.calculation",
  testmode: true,
  customer_currency_code: "USD",
  line_items: [
    {
      line_item_id: "li_floor",
      product: {
        reference_line_item_id: "line-1",
        reference_product_id: "GENERAL_MERCHANDISE",
        reference_product_name: "General merchandise",
        product_tax_code: "GENERAL_MERCHANDISE",
      },
      tax_jurisdictions: [
        {
          tax_rate: 0.06,
          tax_due_decimal: 60,
          fee_amount: 0,
          rate_type: "standard",
          tax_authority_name: "Pennsylvania Department of Revenue",
          tax_authority_type: "STATE",
          tax_type: "SALES",
          jurisdiction_name: "Pennsylvania",
          jurisdiction_id: "US-PA",
        },
        {
          tax_rate: 0.02,
          tax_due_decimal: 20,
          fee_amount: 0,
          rate_type: "standard",
          tax_authority_name: "Pennsylvania Department of Revenue",
          tax_authority_type: "CITY",
          tax_type: "SALES",
          jurisdiction_name: "Philadelphia local sales tax (PA DOR)",
          jurisdiction_id: "US-PA-CITY-PHILADELPHIA",
        },
      ],
      tax_amount: 80,
      amount: 1000,
      amount_excluding_tax: 1000,
      amount_including_tax: 1080,
      quantity: 1,
    },
  ],
  total_tax_amount: 80,
  tax_included_in_amount: false,
  total_amount_excluding_tax: 1000,
  total_amount_including_tax: 1080,
  total_fee_amount: 0,
  customer: { type: "CONSUMER" },
  automatic_tax: "auto",
  address_resolution_status: "POSTAL_ONLY",
  address_used: {
    address_line_1: "1 Main St",
    address_line_2: "",
    address_city: "Philadelphia",
    address_province: "PA",
    address_postal_code: "19103",
    address_country: "US",
  },
  location_source: "address",
  resolution_precision: "POSTAL",
  rate_coverage: "FULL",
};

const app = express();
app.disable("x-powered-by");
app.set("query parser", "simple");
app.use(express.json({ limit: "1mb", strict: true, type: () => true }));
let served = 0;
app.post("/", (request, response) => {
  served += 1;
  const now = Math.floor(Date.now() / 1000);
  const lines = Array.isArray(request.body?.order_details?.line_items)
    ? request.body.order_details.line_items.length
    : 0;
  response.json({
    id: `calc_floor${served}`,
    ...template,
    created_at: now,
    expires_at: now + 7_776_000,
    transacted_at: now,
    line_count: lines,
  });
});
serveForHarness(http.createServer(app));
