// Every upstream call gets a deadline unless its caller set one. It goes to the transport
// as Connect's timeoutMs: one timer per call, sent to a remote peer as its deadline and
// failing as deadline_exceeded. (A deadline interceptor linking AbortSignal.timeout into
// AbortSignal.any built three abort signals per call, about 3% of a tools/call's CPU.)
import type { Transport } from "@connectrpc/connect";

export function withCallDeadline(transport: Transport, timeoutMs: number): Transport {
  return {
    unary: (method, signal, callTimeoutMs, header, input, contextValues) =>
      transport.unary(method, signal, callTimeoutMs ?? timeoutMs, header, input, contextValues),
    stream: (method, signal, callTimeoutMs, header, input, contextValues) =>
      transport.stream(method, signal, callTimeoutMs ?? timeoutMs, header, input, contextValues),
  };
}
