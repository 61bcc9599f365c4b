// `npm start`: Levy in one process. Prints where everything listens, the admin token
// when it was generated, and the demo account's keys on the first start.
import { createLogger, exitOnStartupError, stopOnSignals } from "@levy/kit";
import { ensureDemoAccount } from "./demo-account.js";
import { startEmbeddedLevy } from "./embedded.js";

const dataDir = process.env.DATA_DIR ?? "./.data";
try {
  const levy = await startEmbeddedLevy();
  const { gateway } = levy;
  const demo = await ensureDemoAccount(gateway.keyStore, dataDir);
  const lines = [
    "",
    `Levy is running (embedded mode, data in ${dataDir})`,
    `  REST API     http://127.0.0.1:${gateway.restPort}   (health: /healthz, metrics: /metrics)`,
    `  MCP bridge   http://127.0.0.1:${levy.mcpBridge.publicPort}/ping`,
  ];
  if (gateway.adminTokenGenerated)
    lines.push(`  ADMIN_TOKEN  ${gateway.adminToken}   (generated for this run; set ADMIN_TOKEN to fix one)`);
  if (demo.keys) {
    lines.push(`  Demo account ${demo.accountId}; its keys are shown only now:`);
    for (const issued of demo.keys) {
      lines.push(`    ${issued.record.kind.padEnd(11)} ${issued.record.livemode ? "live" : "test"}  ${issued.secret}`);
    }
  } else {
    lines.push(
      `  Demo account ${demo.accountId} (keys were printed on first start; make new ones with: npm run levy -- keys create)`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
  stopOnSignals(() => levy.stop(), createLogger({ service: "embedded", level: process.env.LOG_LEVEL ?? "info" }));
} catch (error) {
  exitOnStartupError(error, "levy");
}
