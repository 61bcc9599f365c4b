// Embedded mode's cheapest hop: a unary call hands the request message straight to the
// peer's handler, with no serialisation, no router and no second deadline timer. The
// caller's interceptors (request id, client metrics, deadlines) and the server's
// interceptors (request context, error mapping, server metrics) run as they do over the
// wire, and errors reach the caller as the Connect protocol would deliver them.
//
// Messages cross by reference, so both sides must treat them as read-only: a handler never
// mutates its input, a caller never mutates a response (nor does a handler mutate an
// object after returning it). clone() would cost three quarters of what skipping the
// serialisation saves (docs/performance.md); `freezeMessages` deep-freezes both sides'
// messages so tests catch a breach.
import type { DescMessage, DescMethod, DescService, MessageShape } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  appendHeaders,
  createConnectRouter,
  createContextValues,
  createMethodImplSpec,
  createServiceImplSpec,
  type ConnectRouter,
  type HandlerContext,
  type Interceptor,
  type MethodImplSpec,
  type Transport,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";
import { invokeUnaryImplementation, type UniversalHandler } from "@connectrpc/connect/protocol";
import { errorFromJson, errorToJson } from "@connectrpc/connect/protocol-connect";
import { runDirectCall } from "./direct-call.js";

type UnarySpec = Extract<MethodImplSpec, { kind: "unary" }>;

/** A server of this process as the direct route sees it: its unary handlers and interceptors. */
export interface DirectServer {
  readonly unary: ReadonlyMap<string, UnarySpec>;
  readonly interceptors: Interceptor[];
  /** The same server as a Connect router, for streaming calls. */
  readonly handlers: readonly UniversalHandler[];
}

const keyOf = (service: DescService, method: DescMethod) => `${service.typeName}/${method.name}`;

/** Registers `routes` on a Connect router and keeps each unary implementation for direct calls. */
export function buildDirectServer(
  routes: (router: ConnectRouter) => void,
  interceptors: readonly Interceptor[],
): DirectServer {
  const router = createConnectRouter({ interceptors: [...interceptors], connect: true });
  const unary = new Map<string, UnarySpec>();
  const keep = (spec: MethodImplSpec) => {
    if (spec.kind === "unary") unary.set(keyOf(spec.method.parent, spec.method), spec);
  };
  const recording: ConnectRouter = {
    handlers: router.handlers,
    service(service, implementation, options) {
      for (const spec of Object.values(createServiceImplSpec(service, implementation).methods)) keep(spec);
      router.service(service, implementation, options);
      return recording;
    },
    rpc(method, implementation, options) {
      keep(createMethodImplSpec(method, implementation as never));
      router.rpc(method, implementation, options);
      return recording;
    },
  };
  routes(recording);
  return { unary, interceptors: [...interceptors], handlers: router.handlers };
}

/** Deep-freezes a message (typed arrays cannot be frozen and are left as they are). */
export function freezeMessage<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const field of Object.values(value)) freezeMessage(field);
  if (value instanceof Map) for (const entry of value.values()) freezeMessage(entry);
  return Object.freeze(value);
}

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts (a deadline). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The error as the caller would read it off the Connect protocol: code, message and
 * details (as bytes) rebuilt from their JSON form, metadata from the handler's response
 * headers and trailers and the error's own; the server-side cause stays behind.
 */
function asReceived(thrown: unknown, context: HandlerContext): ConnectError {
  const error =
    thrown instanceof ConnectError
      ? thrown
      : new ConnectError("internal error", Code.Internal, undefined, undefined, thrown);
  const metadata = appendHeaders(context.responseHeader, error.metadata, context.responseTrailer);
  return errorFromJson(errorToJson(error, undefined), metadata, new ConnectError("invalid error", Code.Internal));
}

async function serve<I extends DescMessage, O extends DescMessage>(
  server: DirectServer,
  request: UnaryRequest<I, O>,
  deadline: number | undefined,
  freeze: boolean,
): Promise<UnaryResponse<I, O>> {
  const spec = server.unary.get(keyOf(request.service, request.method));
  if (!spec) throw new ConnectError("HTTP 404", Code.Unimplemented);
  const context: HandlerContext = {
    method: request.method,
    service: request.service,
    // The caller's signal already carries the deadline and aborts when the call ends.
    signal: request.signal,
    timeoutMs: () => (deadline === undefined ? undefined : deadline - Date.now()),
    requestMethod: "POST",
    requestHeader: request.header,
    responseHeader: new Headers(),
    responseTrailer: new Headers(),
    protocolName: "direct",
    values: createContextValues(),
    url: request.url,
  };
  const input = freeze ? freezeMessage(request.message) : request.message;
  try {
    const output = await untilAborted(
      invokeUnaryImplementation(spec, context, input, server.interceptors),
      request.signal,
    );
    return {
      stream: false,
      service: request.service,
      method: request.method,
      header: context.responseHeader,
      trailer: context.responseTrailer,
      message: (freeze ? freezeMessage(output) : output) as MessageShape<O>,
    };
  } catch (error) {
    // A deadline or cancellation is the caller's own ConnectError: runUnaryCall maps it.
    if (request.signal.aborted) throw error;
    throw asReceived(error, context);
  }
}

export interface DirectTransportOptions {
  readonly server: DirectServer;
  readonly interceptors: readonly Interceptor[];
  /** Streaming calls go to the server's router through this transport. */
  readonly streams: Transport;
  readonly freezeMessages: boolean;
}

/** A Transport whose unary calls invoke the peer's handler in this process directly. */
export function createDirectTransport(options: DirectTransportOptions): Transport {
  const { server, streams, freezeMessages } = options;
  const interceptors = [...options.interceptors];
  return {
    unary(method, signal, timeoutMs, header, input, contextValues) {
      const timeout = timeoutMs === undefined || timeoutMs <= 0 ? undefined : timeoutMs;
      const deadline = timeout === undefined ? undefined : Date.now() + timeout;
      return runDirectCall({
        interceptors,
        signal,
        timeoutMs: timeout,
        request: {
          stream: false,
          service: method.parent,
          method,
          requestMethod: "POST",
          url: `direct:/${method.parent.typeName}/${method.name}`,
          header: new Headers(header),
          contextValues: contextValues ?? createContextValues(),
        },
        message: input,
        next: (request) => serve(server, request, deadline, freezeMessages),
      });
    },
    stream: (...args) => streams.stream(...args),
  };
}
