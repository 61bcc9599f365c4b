// The harness counts FerretDB's commands per request from its metrics text, and charges a
// recording run with the work it left behind.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { commandsPerRequest, parseCommandCounts } from "../../bench/ferretdb-commands.mjs";
// @ts-expect-error: plain ESM script without type declarations
import { withLeftBehind } from "../../bench/process-report.mjs";

const metrics = (find: number, insert: number) => `# HELP ferretdb_client_requests_total Total number of requests.
# TYPE ferretdb_client_requests_total counter
ferretdb_client_requests_total{command="find",opcode="OP_MSG"} ${find}
ferretdb_client_requests_total{command="insert",opcode="OP_MSG"} ${insert}
ferretdb_client_requests_total{command="unknown",opcode="OP_QUERY"} 3
ferretdb_client_responses_total{argument="unknown",command="find",opcode="OP_MSG",result="ok"} ${find}
`;

describe("FerretDB commands per request", () => {
  it("reads the request counters by command and divides the difference by the requests", () => {
    const before = parseCommandCounts(metrics(10, 4));
    expect(before).toEqual({ find: 10, insert: 4, unknown: 3 });
    const after = parseCommandCounts(metrics(40, 24));
    expect(commandsPerRequest(before, after, 10)).toEqual({ find: 3, insert: 2, all: 5 });
    expect(commandsPerRequest(before, null, 10)).toBeNull();
  });

  it("charges a recording run with the CPU and commands it left behind", () => {
    const charged = withLeftBehind({
      total: 100,
      cpuByProcess: { ledger: 2, ferretdb: 3 },
      ferretdbCommands: { find: 4, all: 6 },
      leftBehind: { cpuByProcessMs: { ledger: 300, ferretdb: 100 }, ferretdbCommands: 500, quiet: true },
    });
    expect(charged).toEqual({
      cpuMsPerRequest: 9,
      cpuByProcess: { ledger: 5, ferretdb: 4 },
      ferretdbCommands: 11,
      quiet: true,
    });
  });
});
