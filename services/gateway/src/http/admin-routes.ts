// The operator API for accounts and keys, behind Bearer ADMIN_TOKEN. Secrets of new
// keys are in the response once and never again.
import { createHash, timingSafeEqual } from "node:crypto";
import { Router, type NextFunction, type Request, type Response } from "express";
import { LevyError } from "@levy/kit";
import {
  createAccountBody,
  createKeyBody,
  listEnvelope,
  listQuery,
  presentAccount,
  presentIssuedKey,
  presentKey,
  updateAccountBody,
} from "@levy/presenters";
import type { KeyStore } from "../adapters/key-store.js";
import { bearerToken } from "./authenticate.js";
import { pathParam, routeHandler } from "./request-state.js";
import { parseInput } from "./validate.js";

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export function requireAdmin(adminToken: string) {
  const expected = digest(adminToken);
  return (request: Request, _response: Response, next: NextFunction): void => {
    const token = bearerToken(request);
    if (!token || !timingSafeEqual(digest(token), expected)) {
      next(new LevyError("admin_unauthorized", "the admin API needs Authorization: Bearer <ADMIN_TOKEN>"));
      return;
    }
    next();
  };
}

export function adminRoutes(keyStore: KeyStore, adminToken: string): Router {
  const router = Router();
  router.use(requireAdmin(adminToken));
  router.post(
    "/accounts",
    routeHandler(async (request, response) => {
      const body = parseInput(createAccountBody, request.body);
      const { account, keys } = await keyStore.createAccount(body.name, body.api_version);
      response.status(201).json({ account: presentAccount(account), keys: keys.map(presentIssuedKey) });
    }),
  );
  router.get(
    "/accounts",
    routeHandler(async (request, response) => {
      const query = parseInput(listQuery.strict(), request.query, "query");
      const page = await keyStore.listAccounts(query);
      response.json(listEnvelope(page.items.map(presentAccount), page.nextCursor ?? ""));
    }),
  );
  router.get(
    "/accounts/:account_id/keys",
    routeHandler(async (request, response) => {
      const query = parseInput(listQuery.strict(), request.query, "query");
      const page = await keyStore.listKeys(pathParam(request, "account_id"), query);
      response.json(listEnvelope(page.items.map(presentKey), page.nextCursor ?? ""));
    }),
  );
  router.get(
    "/accounts/:account_id",
    routeHandler(async (request, response) => {
      const account = await keyStore.getAccount(pathParam(request, "account_id"));
      if (!account) throw new LevyError("account_not_found", `no account ${pathParam(request, "account_id")}`);
      response.json(presentAccount(account));
    }),
  );
  router.post(
    "/accounts/:account_id",
    routeHandler(async (request, response) => {
      const body = parseInput(updateAccountBody, request.body);
      response.json(presentAccount(await keyStore.pinApiVersion(pathParam(request, "account_id"), body.api_version)));
    }),
  );
  router.post(
    "/accounts/:account_id/keys",
    routeHandler(async (request, response) => {
      const body = parseInput(createKeyBody, request.body);
      const issued = await keyStore.issueKey(pathParam(request, "account_id"), body.kind, body.mode === "live");
      response.status(201).json(presentIssuedKey(issued));
    }),
  );
  router.delete(
    "/keys/:key_id",
    routeHandler(async (request, response) => {
      const key = await keyStore.revokeKey(pathParam(request, "key_id"));
      response.json({ object: "api_key", id: key.id, revoked: true, revoked_at: key.revoked_at });
    }),
  );
  return router;
}
