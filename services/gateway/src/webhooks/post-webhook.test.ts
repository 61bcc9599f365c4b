// Delivery-time SSRF checks: the host is resolved again on every attempt, so a name that
// turned private after the endpoint was created is refused without a connection.
import { describe, expect, it } from "vitest";
import { postWebhook } from "./post-webhook.js";

describe("a webhook attempt re-judges the host", () => {
  it.each([
    ["10.0.0.7", "private"],
    ["127.0.0.1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["fd00::5", "uniqueLocal"],
  ])("refuses a name that now resolves to %s", async (address, range) => {
    let asked = 0;
    const outcome = await postWebhook("https://hooks.example.com/levy", {}, "{}", {
      resolve: async () => {
        asked += 1;
        return [{ address, family: address.includes(":") ? 6 : 4 }];
      },
      timeoutMs: 1000,
    });
    expect(asked).toBe(1);
    expect(outcome.httpStatus).toBeNull();
    expect(outcome.error).toBe(`the endpoint host resolves to a non-public address (${range})`);
  });

  it("refuses a name with one private answer among public ones", async () => {
    const outcome = await postWebhook("https://hooks.example.com/levy", {}, "{}", {
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "192.168.1.1", family: 4 },
      ],
      timeoutMs: 1000,
    });
    expect(outcome.error).toMatch(/non-public address/);
  });
});
