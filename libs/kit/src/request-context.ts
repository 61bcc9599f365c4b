// The request id travels through async context inside a process and as the
// x-request-id header across RPC hops, so one id ties a gateway request to every log line.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

export interface RequestContext {
  readonly requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<R>(context: RequestContext, fn: () => R): R {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Accepts a caller's id only when it is short and plain; otherwise makes a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  if (header && /^[A-Za-z0-9._:-]{8,128}$/.test(header)) return header;
  return randomUUID();
}
