// The transports the per-hop benchmark compares, each as a server factory (run in the
// server process) and a client factory (run in the client process) for one unary method:
// calc-engine's Calculate, with @levy/proto's generated messages and protobuf binary on
// every transport, so only the transport differs.
import http from "node:http";
import http2 from "node:http2";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { connectNodeAdapter, createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import * as grpc from "@grpc/grpc-js";
import {
  CalcEngineService,
  CalculateRequestSchema,
  CalculateResponseSchema,
} from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";

/** A 1-line calculation request as the gateway sends it. */
export function sampleRequest() {
  return create(CalculateRequestSchema, {
    scope: { accountId: "acct_4f9Q2kLm8ZxR7tYb3NcW", livemode: false },
    customer: {
      type: "CONSUMER",
      address: {
        addressLine1: "1 Main St",
        addressCity: "Philadelphia",
        addressProvince: "PA",
        addressPostalCode: "19103",
        addressCountry: "US",
      },
    },
    orderDetails: {
      customerCurrencyCode: "USD",
      lineItems: [
        { amount: 1000n, quantity: 1n, productCategory: "GENERAL_MERCHANDISE", referenceLineItemId: "line-1" },
      ],
    },
  });
}

/** The answer to it: one line taxed by four jurisdictions, as calc-engine returns it. */
export function sampleResponse() {
  const jurisdiction = (name, type, rate) => ({
    taxRate: rate,
    taxDueDecimal: 0n,
    rateType: "GENERAL",
    taxAuthorityName: name,
    taxAuthorityType: type,
    taxType: "SALES",
    jurisdictionName: name,
    jurisdictionId: `US-PA-${type}-${name.toUpperCase()}`,
  });
  return create(CalculateResponseSchema, {
    calculation: {
      id: "calc_7Hn2Qw9ErT5yU1iO3pAs",
      customerCurrencyCode: "USD",
      lineItems: [
        {
          lineItemId: "li_9Kd3Fg7Hj2Lk5Zx8Cv1B",
          product: { referenceLineItemId: "line-1" },
          taxJurisdictions: [
            jurisdiction("Pennsylvania", "STATE", 0.06),
            jurisdiction("Philadelphia", "COUNTY", 0.0),
            jurisdiction("Philadelphia", "CITY", 0.02),
            jurisdiction("SEPTA", "DISTRICT", 0.0),
          ],
          taxAmount: 80n,
          amountExcludingTax: 1000n,
          amountIncludingTax: 1080n,
          quantity: 1n,
          amount: 1000n,
        },
      ],
      totals: { taxAmount: 80n, amountExcludingTax: 1000n, amountIncludingTax: 1080n },
      createdAt: 1_790_000_000n,
      expiresAt: 1_797_776_000n,
      transactedAt: 1_790_000_000n,
      customerType: "CONSUMER",
      addressResolutionStatus: "POSTAL_ONLY",
      addressUsed: {
        addressLine1: "1 Main St",
        addressCity: "Philadelphia",
        addressProvince: "PA",
        addressPostalCode: "19103",
        addressCountry: "US",
      },
      locationSource: "address",
      resolutionPrecision: "POSTAL",
      kind: "standard",
      rateCoverage: "FULL",
    },
  });
}

const method = CalcEngineService.method.calculate;
// grpc-js takes the same protobuf-es codec, so both libraries encode identical bytes.
const grpcDefinition = {
  calculate: {
    path: `/${CalcEngineService.typeName}/${method.name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: (message) => Buffer.from(toBinary(CalculateRequestSchema, message)),
    requestDeserialize: (bytes) => fromBinary(CalculateRequestSchema, bytes),
    responseSerialize: (message) => Buffer.from(toBinary(CalculateResponseSchema, message)),
    responseDeserialize: (bytes) => fromBinary(CalculateResponseSchema, bytes),
  },
};

/** An "empty" handler: the canned answer, built once. */
const answer = sampleResponse();
const connectRoutes = (router) => router.service(CalcEngineService, { calculate: () => answer });
/** A 10-line answer (about 4 KB), past connect-node's 1 KiB threshold for compressing. */
const tenLineAnswer = create(CalculateResponseSchema, {
  calculation: { ...answer.calculation, lineItems: Array.from({ length: 10 }, () => answer.calculation.lineItems[0]) },
});
const tenLineRoutes = (router) => router.service(CalcEngineService, { calculate: () => tenLineAnswer });

/** connect-node gRPC over h2 with a 10-line answer; `acceptCompression: []` turns gzip off. */
function tenLineGrpc(clientOptions) {
  return {
    serve: async () => {
      const server = http2.createServer(connectNodeAdapter({ routes: tenLineRoutes }));
      return { port: await listen(server), close: () => server.close() };
    },
    connect: (port) => connectClient(createGrpcTransport({ baseUrl: `http://127.0.0.1:${port}`, ...clientOptions })),
  };
}

function listen(server) {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));
}

function connectClient(transport) {
  const client = createClient(CalcEngineService, transport);
  return { call: (request) => client.calculate(request), close: async () => {} };
}

function grpcJsClient(port) {
  const Client = grpc.makeGenericClientConstructor(grpcDefinition, "CalcEngineService");
  const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return {
    call: (request) =>
      new Promise((resolve, reject) =>
        client.calculate(request, (error, response) => (error ? reject(error) : resolve(response))),
      ),
    close: async () => client.close(),
  };
}

/** name → { serve(): {port, close}, connect(port): {call(request), close} } */
export const transports = {
  "connect-node gRPC h2": {
    serve: async () => {
      const server = http2.createServer(connectNodeAdapter({ routes: connectRoutes }));
      return { port: await listen(server), close: () => server.close() };
    },
    connect: (port) => connectClient(createGrpcTransport({ baseUrl: `http://127.0.0.1:${port}` })),
  },
  "connect-node Connect h2": {
    serve: async () => {
      const server = http2.createServer(connectNodeAdapter({ routes: connectRoutes }));
      return { port: await listen(server), close: () => server.close() };
    },
    connect: (port) =>
      connectClient(
        createConnectTransport({ baseUrl: `http://127.0.0.1:${port}`, httpVersion: "2", useBinaryFormat: true }),
      ),
  },
  "connect-node Connect http/1.1": {
    serve: async () => {
      const server = http.createServer(connectNodeAdapter({ routes: connectRoutes }));
      server.keepAliveTimeout = 65_000;
      return { port: await listen(server), close: () => server.close() };
    },
    connect: (port) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
      const client = connectClient(
        createConnectTransport({
          baseUrl: `http://127.0.0.1:${port}`,
          httpVersion: "1.1",
          useBinaryFormat: true,
          nodeOptions: { agent },
        }),
      );
      return { ...client, close: async () => agent.destroy() };
    },
  },
  // Half a switch: grpc-js only as the client, against today's connect-node server (the
  // gRPC protocol both speak), to see what a client-side change alone would save.
  "grpc-js client, connect-node server": {
    serve: async () => {
      const server = http2.createServer(connectNodeAdapter({ routes: connectRoutes }));
      return { port: await listen(server), close: () => server.close() };
    },
    connect: (port) => grpcJsClient(port),
  },
  // Today's transport with a larger answer, with connect-node's default (gzip above
  // 1 KiB) and with compression off, as Levy's clients now ask (libs/kit rpc-client.ts).
  "connect-node gRPC h2, 10 lines, gzip": tenLineGrpc({}),
  "connect-node gRPC h2, 10 lines, no compression": tenLineGrpc({ acceptCompression: [] }),
  "grpc-js": {
    serve: async () => {
      const server = new grpc.Server();
      server.addService(grpcDefinition, { calculate: (_call, callback) => callback(null, answer) });
      const port = await new Promise((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
          error ? reject(error) : resolve(bound),
        ),
      );
      return { port, close: () => server.forceShutdown() };
    },
    connect: (port) => grpcJsClient(port),
  },
};
