// Issue 3's rules for customers, products and merchants, through the gateway.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

const V = "2026-03-01";

export function describeCatalog(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`catalog (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let account: AccountKeys;
    let other: AccountKeys;
    let key: string;

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      account = await createAccount(system.restUrl, system.adminToken, "Catalog");
      other = await createAccount(system.restUrl, system.adminToken, "Other");
      key = account.testSecret;
    });
    afterAll(() => system?.stop());

    describe("customers", () => {
      it("creates a customer with every field", async () => {
        const response = await api("/tax/customers", {
          key,
          body: { email: "ada@example.com", name: "Ada", reference_customer_id: "c-ada" },
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          object: "tax.customer",
          email: "ada@example.com",
          name: "Ada",
          reference_customer_id: "c-ada",
          is_tax_exempt: false,
          testmode: true,
        });
        expect(response.body.id).toMatch(/^cust_[A-Za-z0-9]{20}$/);
        expect(Number.isInteger(response.body.created_at)).toBe(true);
      });

      it("rejects an invalid e-mail on create and on update", async () => {
        const created = await api("/tax/customers", { key, body: { email: "not-an-email" } });
        expect(created.status).toBe(400);
        expect(created.body.error.error_code).toBe("invalid_email");
        const updated = await api("/tax/customers/c-ada", { key, body: { email: "still@bad" } });
        expect(updated.body.error.error_code).toBe("invalid_email");
      });

      it("refuses a second customer with the same e-mail, naming the first in error_meta", async () => {
        const response = await api("/tax/customers", {
          key,
          body: { email: "ADA@example.com", reference_customer_id: "c-other" },
        });
        expect(response.status).toBe(409);
        expect(response.body.error).toMatchObject({
          error_code: "duplicate_customer",
          error_meta: { reference_customer_id: "c-ada", email: "ada@example.com", id: expect.stringMatching(/^cust_/) },
        });
      });

      it("updates by service id or by reference id, changing only the supplied fields", async () => {
        const created = await api("/tax/customers", {
          key,
          body: { email: "bob@example.com", name: "Bob", reference_customer_id: "c-bob" },
        });
        const byId = await api(`/tax/customers/${created.body.id}`, { key, body: { name: "Robert" } });
        expect(byId.body).toMatchObject({
          name: "Robert",
          email: "bob@example.com",
          reference_customer_id: "c-bob",
          is_tax_exempt: false,
        });
        const byReference = await api("/tax/customers/c-bob", { key, body: { is_tax_exempt: true } });
        expect(byReference.body).toMatchObject({ id: created.body.id, name: "Robert", is_tax_exempt: true });
        const renamed = await api("/tax/customers/c-bob", { key, body: { reference_customer_id: "c-robert" } });
        expect(renamed.body.reference_customer_id).toBe("c-robert");
        expect((await api("/tax/customers/c-bob", { key })).status).toBe(404);
        expect((await api("/tax/customers/c-robert", { key })).body.id).toBe(created.body.id);
      });

      it("refuses an update onto another customer's e-mail or reference id", async () => {
        const taken = await api("/tax/customers/c-robert", { key, body: { email: "ada@example.com" } });
        expect(taken.status).toBe(409);
        expect(taken.body.error.error_meta).toMatchObject({ reference_customer_id: "c-ada", email: "ada@example.com" });
        const reference = await api("/tax/customers/c-robert", { key, body: { reference_customer_id: "c-ada" } });
        expect(reference.body.error.error_code).toBe("duplicate_customer");
        expect((await api("/tax/customers/c-robert", { key })).body.email).toBe("bob@example.com");
      });

      it("writes nothing when an update changes nothing", async () => {
        const before = await api("/tax/customers/c-ada", { key });
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const same = await api("/tax/customers/c-ada", { key, body: { name: "Ada", email: "ada@example.com" } });
        expect(same.status).toBe(200);
        expect(same.body).toEqual(before.body);
      });

      it("needs at least one field to update", async () => {
        const response = await api("/tax/customers/c-ada", { key, body: {} });
        expect(response.status).toBe(400);
        expect(response.body.error.error_code).toBe("invalid_request");
      });

      it("deletes a customer: it can no longer be read or updated, and its e-mail is free again", async () => {
        const created = await api("/tax/customers", {
          key,
          body: { email: "gone@example.com", reference_customer_id: "c-gone" },
        });
        const deleted = await api("/tax/customers/c-gone", { key, method: "DELETE" });
        expect(deleted.body).toMatchObject({ object: "tax.customer", id: created.body.id, deleted: true });
        for (const call of [
          api(`/tax/customers/${created.body.id}`, { key }),
          api("/tax/customers/c-gone", { key, body: { name: "x" } }),
        ]) {
          const response = await call;
          expect(response.status).toBe(404);
          expect(response.body.error.error_code).toBe("customer_not_found");
        }
        expect(
          (await api("/tax/customers", { key, body: { email: "gone@example.com", reference_customer_id: "c-gone" } }))
            .status,
        ).toBe(200);
      });

      it("lets exactly one of 50 concurrent creates with one e-mail succeed", async () => {
        const responses = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            api("/tax/customers", { key, body: { email: "race@example.com", reference_customer_id: `race-${i}` } }),
          ),
        );
        const statuses = responses.map((response) => response.status);
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        const duplicates = responses.filter((response) => response.body.error?.error_code === "duplicate_customer");
        expect(duplicates).toHaveLength(49);
        const list = await api("/tax/customers?limit=100", { key });
        expect(
          list.body.data.filter((customer: { email: string }) => customer.email === "race@example.com"),
        ).toHaveLength(1);
      });

      it("names the winner in full in every duplicate_customer of concurrent creates", async () => {
        const raceKey = (await createAccount(system.restUrl, system.adminToken, "Duplicate races")).testSecret;
        for (let round = 0; round < 5; round += 1) {
          const body = { email: `twin-${round}@example.com`, reference_customer_id: `twin-${round}` };
          const responses = await Promise.all(
            Array.from({ length: 10 }, () => api("/tax/customers", { key: raceKey, body })),
          );
          const winners = responses.filter((response) => response.status === 200);
          expect(winners).toHaveLength(1);
          const winner = winners[0]!.body;
          for (const loser of responses.filter((response) => response.status !== 200)) {
            expect(loser.status).toBe(409);
            expect(loser.body.error).toMatchObject({
              error_code: "duplicate_customer",
              error_meta: { id: winner.id, reference_customer_id: body.reference_customer_id, email: body.email },
            });
          }
        }
      });

      it("reports a missing e-mail or reference id of the other customer as null in error_meta, as the customer shows it", async () => {
        const first = await api("/tax/customers", { key, body: { reference_customer_id: "c-no-email" } });
        expect(first.body.email).toBeNull();
        const duplicate = await api("/tax/customers", {
          key,
          body: { reference_customer_id: "c-no-email", email: "someone@example.com" },
        });
        expect(duplicate.status).toBe(409);
        expect(duplicate.body.error.error_meta).toEqual({
          id: first.body.id,
          reference_customer_id: "c-no-email",
          email: null,
        });
        const anonymous = await api("/tax/customers", { key, body: { email: "anonymous@example.com" } });
        const again = await api("/tax/customers", { key, body: { email: "anonymous@example.com" } });
        expect(again.body.error.error_meta).toEqual({
          id: anonymous.body.id,
          reference_customer_id: null,
          email: "anonymous@example.com",
        });
      });

      it("refuses a reference id in the form of a customer service id, so a path id names one customer only", async () => {
        const target = await api("/tax/customers", {
          key,
          body: { reference_customer_id: "c-target", name: "Target" },
        });
        const lookalikes = [target.body.id, `cust_${"A".repeat(20)}`];
        for (const reference of lookalikes) {
          const created = await api("/tax/customers", {
            key,
            body: { reference_customer_id: reference, name: "Shadow" },
          });
          expect(created.status).toBe(400);
          expect(created.body.error).toMatchObject({
            error_code: "invalid_field",
            error_meta: { field: "reference_customer_id" },
          });
          const updated = await api("/tax/customers/c-ada", { key, body: { reference_customer_id: reference } });
          expect(updated.status).toBe(400);
          expect(updated.body.error).toMatchObject({
            error_code: "invalid_field",
            error_meta: { field: "reference_customer_id" },
          });
        }
        expect((await api(`/tax/customers/${target.body.id}`, { key })).body.name).toBe("Target");
        expect((await api("/tax/customers/c-ada", { key })).body.reference_customer_id).toBe("c-ada");
        // Only the exact service-id form is reserved.
        expect((await api("/tax/customers", { key, body: { reference_customer_id: "cust_42" } })).status).toBe(200);
      });
    });

    describe("pagination", () => {
      it("returns each of 250 customers exactly once, in a stable order, while others come and go", async () => {
        const pageKey = (await createAccount(system.restUrl, system.adminToken, "Pages")).testSecret;
        const ids: string[] = [];
        // One at a time, so that creation order is known.
        for (let i = 0; i < 250; i += 1) {
          ids.push((await api("/tax/customers", { key: pageKey, body: { reference_customer_id: `p-${i}` } })).body.id);
        }
        const seen: string[] = [];
        let cursor: string | null = null;
        let page = 0;
        do {
          const response: { body: { data: { id: string }[]; next_cursor: string | null; has_more: boolean } } =
            await api(`/tax/customers?limit=30${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
              key: pageKey,
            });
          seen.push(...response.body.data.map((customer) => customer.id));
          cursor = response.body.next_cursor;
          expect(response.body.has_more).toBe(cursor !== null);
          // Between pages: a new customer arrives and one not yet seen is deleted.
          await api("/tax/customers", { key: pageKey, body: { reference_customer_id: `late-${page}` } });
          page += 1;
        } while (cursor);
        const original = seen.filter((id) => ids.includes(id));
        expect(new Set(seen).size).toBe(seen.length);
        expect(original.length).toBe(250);
        expect(original).toEqual([...original].sort((a, b) => ids.indexOf(a) - ids.indexOf(b)));
      });

      it("bounds limit to 1..100 and rejects a tampered cursor", async () => {
        for (const limit of ["0", "101", "abc"]) {
          const response = await api(`/tax/customers?limit=${limit}`, { key });
          expect(response.status).toBe(400);
          expect(response.body.error.error_meta.field).toBe("limit");
        }
        const tampered = await api("/tax/customers?cursor=bm90LWEtY3Vyc29y", { key });
        expect(tampered.status).toBe(400);
        expect(tampered.body.error.error_code).toBe("invalid_cursor");
      });
    });

    describe("list filters", () => {
      type Listed = { id: string; name: string | null; email: string | null; is_tax_exempt?: boolean };
      /** Every page of a filtered list; each page is checked to be a proper envelope. */
      async function listAll(path: string, filterKey: string, limit: number, version?: string): Promise<Listed[]> {
        const seen: Listed[] = [];
        let cursor: string | null = null;
        do {
          const separator = path.includes("?") ? "&" : "?";
          const response: { status: number; body: { data: Listed[]; next_cursor: string | null; has_more: boolean } } =
            await api(`${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
              key: filterKey,
              ...(version ? { version } : {}),
            });
          expect(response.status).toBe(200);
          seen.push(...response.body.data);
          cursor = response.body.next_cursor;
          expect(response.body.has_more).toBe(cursor !== null);
        } while (cursor);
        return seen;
      }

      it("narrows GET /tax/customers by e-mail and name prefix (ignoring case) and the exempt flag, paging without skips or repeats", async () => {
        const filterAccount = await createAccount(system.restUrl, system.adminToken, "Filters");
        const filterKey = filterAccount.testSecret;
        const acme: string[] = [];
        // Interleaved, so that every page of the filtered list skips records of the full one.
        for (let i = 0; i < 12; i += 1) {
          const created = await api("/tax/customers", {
            key: filterKey,
            body: {
              name: `${i % 2 ? "ACME" : "Acme"} ${i}`,
              email: `Buyer${i}@Example.com`,
              is_tax_exempt: i % 3 === 0,
            },
          });
          acme.push(created.body.id);
          await api("/tax/customers", { key: filterKey, body: { name: `Zed Acme ${i}` } });
        }
        await api("/tax/customers", { key: filterKey, body: { reference_customer_id: "nameless" } });
        const byPrefix = await listAll("/tax/customers?name_prefix=acme", filterKey, 5);
        expect(byPrefix.map((customer) => customer.id)).toEqual(acme);
        const exempt = await listAll("/tax/customers?name_prefix=Acme&is_tax_exempt=true", filterKey, 2);
        expect(exempt.map((customer) => customer.id)).toEqual([acme[0], acme[3], acme[6], acme[9]]);
        const notExempt = await listAll("/tax/customers?is_tax_exempt=false", filterKey, 100);
        expect(notExempt).toHaveLength(25 - 4);
        const byEmail = await listAll("/tax/customers?email=buyer7%40example.COM", filterKey, 10);
        expect(byEmail.map((customer) => customer.id)).toEqual([acme[7]]);
        for (const literal of [".*", "acme.", "^acme", "Buyer%"])
          expect(await listAll(`/tax/customers?name_prefix=${encodeURIComponent(literal)}`, filterKey, 10)).toEqual([]);
        expect(await listAll("/tax/customers?email=buyer7", filterKey, 10)).toEqual([]);
        // A cursor belongs to its filters; unknown, malformed and operator parameters are refused.
        const first = await api("/tax/customers?name_prefix=acme&limit=2", { key: filterKey });
        const moved = await api(
          `/tax/customers?name_prefix=acm&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
          { key: filterKey },
        );
        expect(moved.body.error.error_code).toBe("invalid_cursor");
        for (const [query, field] of [
          ["emial=buyer7%40example.com", "emial"],
          ["is_tax_exempt=yes", "is_tax_exempt"],
          ["name_prefix[$gt]=", "name_prefix[$gt]"],
          ["name_prefix=", "name_prefix"],
        ]) {
          const refused = await api(`/tax/customers?${query}`, { key: filterKey });
          expect(refused.status, query).toBe(400);
          expect(refused.body.error.error_meta.field, query).toBe(field);
        }
        // Another mode or account sees none of them, whatever the filter.
        for (const intruder of [filterAccount.liveSecret, other.testSecret]) {
          expect(await listAll("/tax/customers?name_prefix=acme", intruder, 100)).toEqual([]);
          expect(await listAll("/tax/customers?email=buyer7%40example.com", intruder, 100)).toEqual([]);
        }
      });

      it("narrows GET /tax/merchants by e-mail and name prefix, ignoring case, in the caller's account and mode only", async () => {
        const filterAccount = await createAccount(system.restUrl, system.adminToken, "Merchant filters");
        const filterKey = filterAccount.testSecret;
        const books: string[] = [];
        for (let i = 0; i < 7; i += 1) {
          const created = await api("/tax/merchants", {
            key: filterKey,
            version: V,
            body: { reference_merchant_id: `fm-${i}`, name: `Berlin Books ${i}`, email: `Shop${i % 2}@Example.de` },
          });
          books.push(created.body.id);
          await api("/tax/merchants", {
            key: filterKey,
            version: V,
            body: { reference_merchant_id: `other-${i}`, name: `Bremen ${i}`, email: `shop${i % 2}@example.de` },
          });
        }
        const byPrefix = await listAll("/tax/merchants?name_prefix=berlin%20b", filterKey, 3, V);
        expect(byPrefix.map((merchant) => merchant.id)).toEqual(books);
        const both = await listAll("/tax/merchants?name_prefix=BERLIN&email=shop1%40example.de", filterKey, 2, V);
        expect(both.map((merchant) => merchant.id)).toEqual([books[1], books[3], books[5]]);
        expect(await listAll("/tax/merchants?email=shop1%40example.de", filterKey, 100, V)).toHaveLength(6);
        expect((await api("/tax/merchants?is_tax_exempt=true", { key: filterKey, version: V })).status).toBe(400);
        for (const intruder of [filterAccount.liveSecret, other.testSecret])
          expect(await listAll("/tax/merchants?name_prefix=berlin", intruder, 100, V)).toEqual([]);
      });
    });

    describe("products", () => {
      it("creates, reads, updates by re-posting, lists and deletes a product", async () => {
        const created = await api("/tax/products", {
          key,
          body: {
            reference_product_id: "sku-1",
            reference_product_name: "T-shirt",
            product_category: "CLOTHING_GENERAL",
          },
        });
        expect(created.status).toBe(200);
        expect(created.body).toMatchObject({
          object: "tax.product",
          reference_product_id: "sku-1",
          product_category: "CLOTHING_GENERAL",
          testmode: true,
        });
        const updated = await api("/tax/products", {
          key,
          body: {
            reference_product_id: "sku-1",
            reference_product_name: "Tee",
            product_category: "GENERAL_MERCHANDISE",
          },
        });
        expect(updated.body).toMatchObject({
          reference_product_name: "Tee",
          product_category: "GENERAL_MERCHANDISE",
          created_at: created.body.created_at,
        });
        expect((await api("/tax/products/sku-1", { key })).body.reference_product_name).toBe("Tee");
        expect(
          (await api("/tax/products", { key })).body.data.map(
            (p: { reference_product_id: string }) => p.reference_product_id,
          ),
        ).toContain("sku-1");
        const deleted = await api("/tax/products/sku-1", { key, method: "DELETE" });
        expect(deleted.body).toEqual({ object: "tax.product", deleted_at: expect.any(Number) });
        const gone = await api("/tax/products/sku-1", { key });
        expect(gone.status).toBe(400);
        expect(gone.body.error.error_code).toBe("PRODUCT_NOT_FOUND");
      });

      it("rejects an unknown product category and a missing field", async () => {
        const unknown = await api("/tax/products", {
          key,
          body: { reference_product_id: "sku-2", reference_product_name: "x", product_category: "SPACESHIPS" },
        });
        expect(unknown.status).toBe(400);
        expect(unknown.body.error).toMatchObject({
          error_code: "invalid_field",
          error_meta: { field: "product_category" },
        });
        const missing = await api("/tax/products", {
          key,
          body: { reference_product_id: "sku-2", product_category: "GENERAL_MERCHANDISE" },
        });
        expect(missing.body.error).toMatchObject({
          error_code: "missing_field",
          error_meta: { field: "reference_product_name", expected: "string", received: "undefined" },
        });
      });
    });

    describe("products without calc-engine", () => {
      // The category list is shared reference data (@levy/kit): catalog checks it itself,
      // so catalog and calc-engine do not call each other in a cycle.
      it("checks product categories while calc-engine is down", async () => {
        await system.restart("catalog");
        await system.stopService("calc-engine");
        try {
          const created = await api("/tax/products", {
            key,
            body: {
              reference_product_id: "sku-alone",
              reference_product_name: "Lamp",
              product_category: "GENERAL_MERCHANDISE",
            },
          });
          expect(created.status).toBe(200);
          const unknown = await api("/tax/products", {
            key,
            body: { reference_product_id: "sku-alone-2", reference_product_name: "x", product_category: "SPACESHIPS" },
          });
          expect(unknown.body.error).toMatchObject({
            error_code: "invalid_field",
            error_meta: { field: "product_category" },
          });
        } finally {
          await system.restart("calc-engine");
        }
      });
    });

    describe("merchants", () => {
      const merchant = {
        reference_merchant_id: "m-1",
        name: "Berlin Books",
        email: "shop@example.de",
        default_address: {
          address_line_1: "Unter den Linden 1",
          address_city: "Berlin",
          address_postal_code: "10117",
          address_country: "de",
        },
        tax_ids: [{ type: "de_vat", value: "DE 123456789" }],
      };

      it("requires X-API-Version 2026-01-01 or 2026-03-01", async () => {
        expect((await api("/tax/merchants", { key })).body.error.error_code).toBe("missing_api_version");
        expect((await api("/tax/merchants", { key, version: "2025-05-12" })).body.error.error_code).toBe(
          "unsupported_api_version",
        );
        expect((await api("/tax/merchants", { key, version: "2026-01-01" })).status).toBe(200);
      });

      it("creates a merchant and refuses its reference id twice", async () => {
        const created = await api("/tax/merchants", { key, version: V, body: merchant });
        expect(created.status).toBe(200);
        expect(created.body).toMatchObject({
          reference_merchant_id: "m-1",
          tax_ids: [{ type: "de_vat", value: "DE123456789" }],
          default_address: { address_country: "DE" },
        });
        expect(created.body.id).toMatch(/^merch_/);
        const again = await api("/tax/merchants", { key, version: V, body: merchant });
        expect(again.status).toBe(400);
        expect(again.body).toMatchObject({
          type: "DUPLICATE_REFERENCE_ID",
          error: { error_code: "duplicate_reference_id" },
        });
        expect(again.body.message).toMatch(/merchant with this reference ID already exists/i);
      });

      it("reads by either id, updates without touching the reference id, and validates tax IDs", async () => {
        const byReference = await api("/tax/merchants/m-1", { key, version: V });
        const byId = await api(`/tax/merchants/${byReference.body.id}`, { key, version: V });
        expect(byId.body).toEqual(byReference.body);
        const updated = await api("/tax/merchants/m-1", {
          key,
          version: V,
          body: { name: "Berlin Books GmbH", tax_ids: [] },
        });
        expect(updated.body).toMatchObject({
          name: "Berlin Books GmbH",
          tax_ids: [],
          reference_merchant_id: "m-1",
          email: "shop@example.de",
        });
        const reference = await api("/tax/merchants/m-1", { key, version: V, body: { reference_merchant_id: "m-2" } });
        expect(reference.status).toBe(400);
        const badTaxId = await api("/tax/merchants/m-1", {
          key,
          version: V,
          body: { tax_ids: [{ type: "fr_vat", value: "FR123" }] },
        });
        expect(badTaxId.body.error).toMatchObject({ error_code: "invalid_field", error_meta: { field: "tax_ids[0]" } });
        const unknownType = await api("/tax/merchants/m-1", {
          key,
          version: V,
          body: { tax_ids: [{ type: "xx_vat", value: "1" }] },
        });
        expect(unknownType.status).toBe(400);
      });

      it("soft deletes: gone from get and list, and the reference id can be used again", async () => {
        const deleted = await api("/tax/merchants/m-1", { key, version: V, method: "DELETE" });
        expect(deleted.body).toMatchObject({ object: "tax.merchant", deleted: true });
        const gone = await api("/tax/merchants/m-1", { key, version: V });
        expect(gone.status).toBe(404);
        expect(gone.body.error.error_code).toBe("merchant_not_found");
        expect(
          (await api("/tax/merchants", { key, version: V })).body.data.map((m: { id: string }) => m.id),
        ).not.toContain(deleted.body.id);
        expect((await api(`/tax/merchants/${deleted.body.id}`, { key, version: V, method: "DELETE" })).status).toBe(
          404,
        );
        expect((await api("/tax/merchants", { key, version: V, body: merchant })).status).toBe(200);
      });

      it("refuses a reference id in the form of a merchant service id (merch_… or the agent-tool spelling mer_…)", async () => {
        const target = await api("/tax/merchants", {
          key,
          version: V,
          body: { reference_merchant_id: "m-target", name: "Target" },
        });
        for (const reference of [target.body.id, `merch_${"B".repeat(20)}`, `mer_${"C".repeat(20)}`]) {
          const created = await api("/tax/merchants", {
            key,
            version: V,
            body: { reference_merchant_id: reference, name: "Shadow" },
          });
          expect(created.status).toBe(400);
          expect(created.body.error).toMatchObject({
            error_code: "invalid_field",
            error_meta: { field: "reference_merchant_id" },
          });
        }
        expect((await api(`/tax/merchants/${target.body.id}`, { key, version: V })).body.name).toBe("Target");
        expect(
          (await api("/tax/merchants", { key, version: V, body: { reference_merchant_id: "merch_7", name: "Fine" } }))
            .status,
        ).toBe(200);
      });

      it("refuses a default_address that contradicts itself, on create and on update, with the calculations' address rules", async () => {
        const philadelphia = {
          address_line_1: "1 Market St",
          address_city: "Philadelphia",
          address_postal_code: "19103",
          address_country: "US",
        };
        const californiaZip19103 = { ...philadelphia, address_province: "CA" };
        const created = await api("/tax/merchants", {
          key,
          version: V,
          body: { reference_merchant_id: "m-addr", name: "Shop", default_address: californiaZip19103 },
        });
        expect(created.status).toBe(400);
        expect(created.body.error).toMatchObject({
          error_code: "invalid_address",
          error_meta: { field: "default_address.address_postal_code" },
        });
        expect((await api("/tax/merchants/m-addr", { key, version: V })).status).toBe(404);

        const valid = await api("/tax/merchants", {
          key,
          version: V,
          body: {
            reference_merchant_id: "m-addr",
            name: "Shop",
            default_address: { ...philadelphia, address_province: "PA" },
          },
        });
        expect(valid.status).toBe(200);
        const updated = await api("/tax/merchants/m-addr", {
          key,
          version: V,
          body: { default_address: californiaZip19103 },
        });
        expect(updated.status).toBe(400);
        expect(updated.body.error).toMatchObject({
          error_code: "invalid_address",
          error_meta: { field: "default_address.address_postal_code" },
        });
        const canadian = await api("/tax/merchants/m-addr", {
          key,
          version: V,
          body: { default_address: { address_postal_code: "M5V 2T6", address_province: "BC", address_country: "CA" } },
        });
        expect(canadian.status).toBe(400);
        expect(canadian.body.error.error_meta.field).toMatch(/^default_address\./);
        expect((await api("/tax/merchants/m-addr", { key, version: V })).body.default_address).toMatchObject({
          address_province: "PA",
          address_postal_code: "19103",
        });
      });

      it("pages merchants 10 at a time by default, at most 100", async () => {
        const pageKey = (await createAccount(system.restUrl, system.adminToken, "Merchant pages")).testSecret;
        await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            api("/tax/merchants", {
              key: pageKey,
              version: V,
              body: { reference_merchant_id: `pm-${i}`, name: `M${i}` },
            }),
          ),
        );
        const first = await api("/tax/merchants", { key: pageKey, version: V });
        expect(first.body.data).toHaveLength(10);
        const second = await api(`/tax/merchants?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
          key: pageKey,
          version: V,
        });
        expect(second.body.data).toHaveLength(2);
        expect(second.body.next_cursor).toBeNull();
        expect((await api("/tax/merchants?limit=101", { key: pageKey, version: V })).status).toBe(400);
      });
    });

    describe("segregation", () => {
      it("keeps every catalog record away from the other mode and other accounts, by id, by reference and in lists", async () => {
        const customer = await api("/tax/customers", {
          key,
          body: { reference_customer_id: "seg-c", email: "seg@example.com" },
        });
        await api("/tax/products", {
          key,
          body: { reference_product_id: "seg-p", reference_product_name: "p", product_category: "GENERAL_MERCHANDISE" },
        });
        const merchant = await api("/tax/merchants", {
          key,
          version: V,
          body: { reference_merchant_id: "seg-m", name: "m" },
        });
        for (const intruder of [account.liveSecret, other.testSecret, other.liveSecret]) {
          const reads = [
            api(`/tax/customers/${customer.body.id}`, { key: intruder }),
            api("/tax/customers/seg-c", { key: intruder }),
            api("/tax/products/seg-p", { key: intruder }),
            api(`/tax/merchants/${merchant.body.id}`, { key: intruder, version: V }),
            api("/tax/merchants/seg-m", { key: intruder, version: V }),
            api(`/tax/customers/${customer.body.id}`, { key: intruder, body: { name: "hijack" } }),
            api(`/tax/merchants/${merchant.body.id}`, { key: intruder, version: V, body: { name: "hijack" } }),
            api(`/tax/customers/${customer.body.id}`, { key: intruder, method: "DELETE" }),
            api("/tax/products/seg-p", { key: intruder, method: "DELETE" }),
            api(`/tax/merchants/${merchant.body.id}`, { key: intruder, version: V, method: "DELETE" }),
          ];
          for (const response of await Promise.all(reads)) expect([400, 404]).toContain(response.status);
          const lists = await Promise.all([
            api("/tax/customers?limit=100", { key: intruder }),
            api("/tax/products?limit=100", { key: intruder }),
            api("/tax/merchants?limit=100", { key: intruder, version: V }),
          ]);
          const listed = lists.flatMap((list) =>
            list.body.data.map((r: { id?: string; reference_product_id?: string }) => r.id ?? r.reference_product_id),
          );
          expect(listed).not.toContain(customer.body.id);
          expect(listed).not.toContain("seg-p");
          expect(listed).not.toContain(merchant.body.id);
          // The same reference ids are free in the other scope.
          expect(
            (
              await api("/tax/customers", {
                key: intruder,
                body: { reference_customer_id: "seg-c", email: "seg@example.com" },
              })
            ).status,
          ).toBe(200);
        }
        expect((await api("/tax/customers/seg-c", { key })).body).toMatchObject({ id: customer.body.id, name: null });
        expect((await api("/tax/merchants/seg-m", { key, version: V })).body.name).toBe("m");
        expect((await api("/tax/products/seg-p", { key })).status).toBe(200);
      });
    });
  });
}
