// The yardstick: a bare Node HTTP server answering every request with a fixed JSON body,
// in its own process like the system under test.
import http from "node:http";
import { serveForHarness } from "./yardstick-control.mjs";

const body = JSON.stringify({
  object: "tax.calculation",
  id: "calc_bare",
  amount_total: 10800,
  tax_amount_exclusive: 800,
});
serveForHarness(
  http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      response.end(body);
    });
  }),
);
