import express, { Router } from "express";
import { describe, expect, it } from "vitest";
import { allowedMethods } from "./allowed-methods.js";

function app() {
  const ok = (_request: express.Request, response: express.Response) => void response.end();
  const items = Router();
  items.use((_request, _response, next) => next());
  items.get("/", ok);
  items.post("/", ok);
  items.get("/:id", ok);
  items.delete("/:id", ok);
  items.get("/:id/parts", ok);
  const api = Router();
  api.use("/items", items);
  api.use("/platform/items", items);
  const application = express();
  application.use((_request, _response, next) => next());
  application.use("/api", api);
  application.post("/ping", ok);
  return application;
}

describe("allowedMethods", () => {
  const application = app();
  it.each([
    ["/api/items", ["GET", "HEAD", "POST"]],
    ["/api/items/", ["GET", "HEAD", "POST"]],
    ["/api/items/42", ["GET", "HEAD", "DELETE"]],
    ["/api/items/42/parts", ["GET", "HEAD"]],
    ["/api/platform/items", ["GET", "HEAD", "POST"]],
    ["/ping", ["POST"]],
    ["/api/items/42/nothing", []],
    ["/api/itemsx", []],
    ["/elsewhere", []],
  ])("%s → %j", (path, expected) => {
    expect(allowedMethods(application.router, path)).toEqual(expected);
  });
});
