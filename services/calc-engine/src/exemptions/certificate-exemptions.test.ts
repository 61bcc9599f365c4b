import { createEvent, createInProcessBus } from "@levy/events";
import { describe, expect, it } from "vitest";
import { certificateTopic, createCertificateExemptions } from "./certificate-exemptions.js";

describe("certificate exemption cache", () => {
  const live = { accountId: "acct_1", livemode: true };
  const customer = { id: "cust_1", referenceCustomerId: "" };

  function fakeClient() {
    const state = { exempt: false, calls: 0 };
    const client = {
      checkExemption: async () => {
        state.calls += 1;
        return state.exempt
          ? { exempt: true, certificateId: "cert_1", certificateType: "resale" }
          : { exempt: false, certificateId: "", certificateType: "" };
      },
    };
    return { state, client: client as never };
  }

  it("answers from the cache until a certificate event of the account arrives", async () => {
    const { state, client } = fakeClient();
    const bus = createInProcessBus();
    const exemptions = createCertificateExemptions(client, { ttlMs: 60_000 });
    const subscription = await exemptions.follow(bus, "g1");
    expect(await exemptions.find(live, customer, "TX", 1_780_000_000)).toBeNull();
    state.exempt = true;
    expect(await exemptions.find(live, customer, "TX", 1_780_000_000)).toBeNull();
    expect(state.calls).toBe(1);
    await bus.publish(certificateTopic, [
      createEvent({
        type: "levy.certificate.changed",
        version: 1,
        scope: { accountId: "acct_other", livemode: true },
        key: "k",
        payload: {},
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await exemptions.find(live, customer, "TX", 1_780_000_000)).toBeNull();
    await bus.publish(certificateTopic, [
      createEvent({ type: "levy.certificate.changed", version: 1, scope: live, key: "k", payload: {} }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await exemptions.find(live, customer, "TX", 1_780_000_000)).toEqual({
      certificateId: "cert_1",
      certificateType: "resale",
    });
    expect(state.calls).toBe(2);
    await subscription.close();
    await bus.close();
  });

  it("never asks in test mode or without a customer", async () => {
    const { state, client } = fakeClient();
    const exemptions = createCertificateExemptions(client, { ttlMs: 60_000 });
    expect(await exemptions.find({ ...live, livemode: false }, customer, "TX", 1)).toBeNull();
    expect(await exemptions.find(live, { id: "", referenceCustomerId: "" }, "TX", 1)).toBeNull();
    expect(state.calls).toBe(0);
  });

  it("keeps at most maxEntries answers, starting afresh past that", async () => {
    const { state, client } = fakeClient();
    const exemptions = createCertificateExemptions(client, { ttlMs: 60_000, maxEntries: 3 });
    for (const customerId of ["c1", "c2", "c3"])
      await exemptions.find(live, { id: customerId, referenceCustomerId: "" }, "TX", 1);
    expect(exemptions.size()).toBe(3);
    await exemptions.find(live, { id: "c1", referenceCustomerId: "" }, "TX", 1);
    expect(state.calls).toBe(3);
    await exemptions.find(live, { id: "c4", referenceCustomerId: "" }, "TX", 1);
    expect(exemptions.size()).toBe(1);
    await exemptions.find(live, { id: "c1", referenceCustomerId: "" }, "TX", 1);
    expect(state.calls).toBe(5);
    expect(exemptions.size()).toBe(2);
  });
});
