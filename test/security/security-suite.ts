// Issue 10 item 3: the security and bad-input suite. One system (embedded or distributed)
// with three seeded accounts: F is fuzzed, A is attacked by B and by A's other mode.
// Embedded adds the random fast-check fuzz and the size limits; both modes run the
// operator injection, tenancy, agent-tool and log checks. Ends with a health check, the
// log grep and a one-screen summary of what was tried and what held.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startDocumentServer,
  documentServerEnv,
  type DocumentServer,
} from "../certificates/support/document-server.js";
import type { SystemUnderTest } from "../support/system.js";
import { captureLogs, secretForms, type LogCapture } from "./log-capture.js";
import { describeHiddenCharacters } from "./hidden-characters.js";
import { describeInjection } from "./injection.js";
import { describeLimits } from "./limits.js";
import { describeMcpProtocol } from "./mcp-protocol.js";
import { describeMcpSecurity, type McpSecurityContext } from "./mcp-security.js";
import { describeRestFuzz, type FuzzContext } from "./rest-fuzz.js";
import { describeTenancy, type TenancyContext } from "./tenancy.js";
import { createTally } from "./verdict.js";
import { seedSecurityAccount, type SeededAccount } from "./world.js";

export const securityPepper = "security-suite-pepper-0123456789abcdef0123";

export type StartSystem = (
  env: Record<string, string>,
  onOutput: (service: string, text: string) => void,
) => Promise<SystemUnderTest>;

export function describeSecurity(mode: string, startSystem: StartSystem, options: { fuzz: boolean }): void {
  describe(`security and bad-input suite (${mode})`, () => {
    vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });
    const tally = createTally();
    const fuzz = {} as FuzzContext;
    const tenancy = { tally } as TenancyContext;
    const mcp = { tally, fuzz: options.fuzz } as McpSecurityContext;
    let system: SystemUnderTest;
    let docs: DocumentServer;
    let logs: LogCapture;
    const accounts: SeededAccount[] = [];

    beforeAll(async () => {
      logs = captureLogs({ tapProcess: mode === "embedded" });
      docs = await startDocumentServer();
      system = await startSystem(
        {
          ...documentServerEnv(docs),
          LOG_LEVEL: "trace",
          API_KEY_PEPPER: securityPepper,
          MCP_WRITE_TOOLS: "true",
          MCP_RATE_LIMIT: "1000000",
          MCP_RATE_WINDOW_SECONDS: "60",
        },
        (service, text) => logs.append(service, text),
      );
      for (const tag of ["f", "a", "b"])
        accounts.push(await seedSecurityAccount(system, docs, `${tag}${Date.now().toString(36)}`));
      const [f, a, b] = accounts as [SeededAccount, SeededAccount, SeededAccount];
      Object.assign(fuzz, { restUrl: system.restUrl, world: f.world, tally });
      Object.assign(tenancy, { restUrl: system.restUrl, a, b });
      Object.assign(mcp, { mcpUrl: system.mcpUrl, a, b });
    });
    afterAll(async () => {
      await system?.stop();
      logs?.stop();
      await docs?.close();
      console.log(`\n${tally.summary(`security and bad-input suite (${mode})`)}\n`);
    });

    if (options.fuzz) {
      describeLimits(fuzz);
      describeRestFuzz(fuzz);
    }
    describeInjection(fuzz);
    describeHiddenCharacters(fuzz, mcp);
    describeTenancy(tenancy);
    describeMcpSecurity(mcp);
    describeMcpProtocol(mcp);

    it("every service is still healthy and nothing polluted Object.prototype", async () => {
      for (const [service, port] of Object.entries(system.opsPorts)) {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        tally.check("health afterwards", service, () => expect(response.status, service).toBe(200));
      }
      expect((await fetch(`${system.mcpUrl}/ping`)).status).toBe(200);
      tally.check("health afterwards", "Object.prototype", () => {
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.hasOwn(Object.prototype, "polluted")).toBe(false);
      });
    });

    it("no API key, admin token, pepper or signing secret appears in any service's logs", () => {
      const text = logs.text();
      expect(logs.lineCount(), "the suite must have captured log lines").toBeGreaterThan(10);
      const forms = secretForms({
        apiKeys: accounts.flatMap((account) => [
          account.keys.testSecret,
          account.keys.liveSecret,
          account.keys.testPublishable,
          account.keys.livePublishable,
        ]),
        adminToken: system.adminToken,
        pepper: securityPepper,
        linkSignatures: accounts.map((account) => account.world.link.query.signature!),
      });
      for (const secret of forms) {
        tally.check("secrets in logs", `${secret.slice(0, 6)}… in ${logs.lineCount()} lines`, () =>
          expect(text.includes(secret), `a secret starting ${secret.slice(0, 6)} is in the logs`).toBe(false),
        );
      }
    });
  });
}
