// Secrets are compared in constant time: API key digests, the admin token and signed
// document links go through crypto.timingSafeEqual on equal-length buffers (spied here),
// and no `===` / `!==` in the services' source compares a secret-named value with
// anything but a literal.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NextFunction, Request, Response } from "express";
import { beforeEach, describe, expect, it, vi } from "vitest";

const spy = vi.hoisted(() => ({ calls: [] as Array<[number, number]> }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    spy.calls.push([a.byteLength, b.byteLength]);
    return actual.timingSafeEqual(a, b);
  };
  return { ...actual, default: { ...actual, timingSafeEqual }, timingSafeEqual };
});

const { hashApiKey, hashesEqual } = await import("../../services/gateway/src/domain/api-keys.js");
const { requireAdmin } = await import("../../services/gateway/src/http/admin-routes.js");
const { createDocumentLinks } = await import("../../services/gateway/src/http/document-links.js");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pepper = "p".repeat(40);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (["node_modules", "dist", "gen", ".cache"].includes(name)) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs|js)$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

describe("timing-safe secret comparison", () => {
  beforeEach(() => void spy.calls.splice(0));

  it("API key digests: timingSafeEqual on equal lengths; a length mismatch is false without calling it", () => {
    const digest = hashApiKey(`sk_test_${"a".repeat(32)}`, pepper);
    expect(hashesEqual(digest, digest)).toBe(true);
    expect(hashesEqual(digest, hashApiKey(`sk_test_${"b".repeat(32)}`, pepper))).toBe(false);
    expect(hashesEqual(digest, digest.slice(0, 10))).toBe(false);
    expect(spy.calls).toEqual([
      [32, 32],
      [32, 32],
    ]);
  });

  it("the admin token: every presented token, of any length, is compared as a SHA-256 digest", () => {
    const middleware = requireAdmin("the-admin-token-0123456789abcdef");
    const outcomes = [
      "the-admin-token-0123456789abcdef",
      "x",
      "the-admin-token-0123456789abcdeF",
      "y".repeat(5000),
    ].map((token) => {
      const next = vi.fn() as unknown as NextFunction & ReturnType<typeof vi.fn>;
      middleware(
        {
          header: () => `Bearer ${token}`,
          headersDistinct: { authorization: [`Bearer ${token}`] },
        } as unknown as Request,
        {} as Response,
        next,
      );
      return (next as ReturnType<typeof vi.fn>).mock.calls[0]![0]?.code ?? "ok";
    });
    expect(outcomes).toEqual(["ok", "admin_unauthorized", "admin_unauthorized", "admin_unauthorized"]);
    expect(spy.calls).toEqual(new Array(4).fill([32, 32]));
  });

  it("signed document links: the signature is compared as 32 bytes with 32 bytes; malformed ones never reach the comparison", () => {
    const links = createDocumentLinks({ pepper });
    const url = new URL(links.signOn("http://127.0.0.1", "acct_1", "upl_1"));
    const [account, expires, signature] = ["account", "expires", "signature"].map(
      (name) => url.searchParams.get(name)!,
    );
    expect(() => links.verify(account!, "upl_1", expires!, signature!)).not.toThrow();
    // The first character carries six bits of the signature; the last one only four (its two
    // low bits are base64 padding, so "A" and "B" there decode to the same bytes).
    const flipped = `${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    expect(() => links.verify(account!, "upl_1", expires!, flipped)).toThrow(/not valid/);
    expect(() => links.verify(account!, "upl_1", expires!, signature!.slice(1))).toThrow(/malformed/);
    expect(spy.calls).toEqual([
      [32, 32],
      [32, 32],
    ]);
  });

  it("no === or !== compares a secret-named value with a non-literal in the services' source", () => {
    expect(
      secretComparisons(
        "if (presented === adminToken) ok();\nif (key.kind === KeyKind.SECRET) x();\nif (token === null) y();",
      ),
    ).toEqual(["1: if (presented === adminToken) ok();"]);
    const files = ["services", "libs", "deploy"].flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(50);
    expect(
      files.flatMap((file) =>
        secretComparisons(readFileSync(file, "utf8")).map((offence) => `${path.relative(root, file)}:${offence}`),
      ),
    ).toEqual([]);
  });
});

const secretName = /(secret|token|pepper|signature|password|digest|hash|apikey|api_key)$/i;
// Literals and enum constants (KeyKind.SECRET) are not secrets.
const literal = /^(null|undefined|true|false|""|''|``|\d+|"[^"]*"|'[^']*'|([\w$]+\.)*[A-Z][A-Z0-9_]*)$/;
// Digests that are not credentials: the idempotency record's hash of the caller's own request body.
const notSecrets = ["record.request_hash !== requestHash"];
const comparison = /([\w$.?![\]"']+)\s*(===|!==|==|!=)\s*([\w$.?![\]"']+)/g;

/** Lines ("<line>: <text>") where == / === / != / !== compares a secret-named operand with a non-literal. */
function secretComparisons(text: string): string[] {
  const offences: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(comparison)) {
      const [left, right] = [match[1]!, match[3]!].map((side) => side.replace(/[!?]+$/, ""));
      const named = [left, right].some((side) => secretName.test(side.split(".").pop() ?? ""));
      if (named && !literal.test(left!) && !literal.test(right!) && !notSecrets.includes(match[0]))
        offences.push(`${index + 1}: ${line.trim()}`);
    }
  });
  return offences;
}
