// Prometheus counters of the agent-tool endpoint: answers by HTTP status (401s and 429s
// show up here) and tool calls by tool and error code ("ok" when the call succeeded).
import { Counter, type Registry } from "prom-client";

export interface McpMetrics {
  countResponse(status: number): void;
  countToolCall(tool: string, outcome: string): void;
}

export function createMcpMetrics(registry: Registry): McpMetrics {
  const responses = new Counter({
    name: "levy_mcp_http_responses_total",
    help: "Answers of POST /mcp and other /mcp requests, by HTTP status",
    labelNames: ["status"] as const,
    registers: [registry],
  });
  const toolCalls = new Counter({
    name: "levy_mcp_tool_calls_total",
    help: "tools/call results, by tool and error_code (ok on success)",
    labelNames: ["tool", "outcome"] as const,
    registers: [registry],
  });
  return {
    countResponse: (status) => responses.inc({ status: String(status) }),
    countToolCall: (tool, outcome) => toolCalls.inc({ tool, outcome }),
  };
}
