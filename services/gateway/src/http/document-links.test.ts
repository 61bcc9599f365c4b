import type { Request } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDocumentLinks } from "./document-links.js";

const request = { protocol: "http", get: () => "127.0.0.1:8080" } as unknown as Request;
const parts = (url: string) => {
  const parsed = new URL(url);
  return {
    upload: parsed.pathname.split("/").pop()!,
    account: parsed.searchParams.get("account")!,
    expires: parsed.searchParams.get("expires")!,
    signature: parsed.searchParams.get("signature")!,
  };
};

describe("signed document links", () => {
  afterEach(() => vi.useRealTimers());
  const links = createDocumentLinks({ pepper: "p".repeat(40) });

  it("verify a fresh link", () => {
    const link = parts(links.sign(request, "acct_1", "upl_1"));
    expect(() => links.verify(link.account, link.upload, link.expires, link.signature)).not.toThrow();
  });
  it("refuse a link after its hour", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-05-01T10:00:00Z"));
    const link = parts(links.sign(request, "acct_1", "upl_1"));
    vi.setSystemTime(new Date("2026-05-01T10:59:00Z"));
    expect(() => links.verify(link.account, link.upload, link.expires, link.signature)).not.toThrow();
    vi.setSystemTime(new Date("2026-05-01T11:00:01Z"));
    expect(() => links.verify(link.account, link.upload, link.expires, link.signature)).toThrow(/expired/);
  });
  it("refuse another upload, account or key", () => {
    const link = parts(links.sign(request, "acct_1", "upl_1"));
    expect(() => links.verify(link.account, "upl_2", link.expires, link.signature)).toThrow(/not valid/);
    expect(() => links.verify("acct_2", link.upload, link.expires, link.signature)).toThrow(/not valid/);
    const other = createDocumentLinks({ pepper: "q".repeat(40) });
    expect(() => other.verify(link.account, link.upload, link.expires, link.signature)).toThrow(/not valid/);
    expect(() => links.verify(link.account, link.upload, link.expires, "short")).toThrow(/malformed/);
  });
  it("after a pepper rotation, accept links signed under the previous pepper; sign new ones with the current", () => {
    const beforeRotation = parts(links.sign(request, "acct_1", "upl_1"));
    const rotated = createDocumentLinks({ pepper: "q".repeat(40), previousPepper: "p".repeat(40) });
    expect(() =>
      rotated.verify(beforeRotation.account, beforeRotation.upload, beforeRotation.expires, beforeRotation.signature),
    ).not.toThrow();
    const afterRotation = parts(rotated.sign(request, "acct_1", "upl_1"));
    expect(() =>
      createDocumentLinks({ pepper: "q".repeat(40) }).verify(
        afterRotation.account,
        afterRotation.upload,
        afterRotation.expires,
        afterRotation.signature,
      ),
    ).not.toThrow();
    expect(() =>
      links.verify(afterRotation.account, afterRotation.upload, afterRotation.expires, afterRotation.signature),
    ).toThrow(/not valid/);
    expect(() =>
      rotated.verify(beforeRotation.account, "upl_2", beforeRotation.expires, beforeRotation.signature),
    ).toThrow(/not valid/);
  });
  it("use PUBLIC_BASE_URL when set", () => {
    const external = createDocumentLinks({ pepper: "p".repeat(40), publicBaseUrl: "https://api.levy.example/" });
    expect(external.sign(request, "acct_1", "upl_1")).toMatch(
      /^https:\/\/api\.levy\.example\/documents\/v1\/upl_1\?account=acct_1&expires=\d+&signature=/,
    );
  });
  it("signOn (the bridge's links): the given base unless PUBLIC_BASE_URL is set, verifiable as any link", () => {
    const link = links.signOn("http://localhost:9000", "acct_1", "upl_1");
    expect(link).toMatch(/^http:\/\/localhost:9000\/documents\/v1\/upl_1\?/);
    const { account, upload, expires, signature } = parts(link);
    expect(() => links.verify(account, upload, expires, signature)).not.toThrow();
    const external = createDocumentLinks({ pepper: "p".repeat(40), publicBaseUrl: "https://api.levy.example" });
    expect(external.signOn("http://localhost:9000", "acct_1", "upl_1")).toMatch(
      /^https:\/\/api\.levy\.example\/documents\/v1\/upl_1\?/,
    );
  });
});
