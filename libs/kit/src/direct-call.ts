// The client half of a direct in-process call: Connect's runUnaryCall without the parts a
// network call needs and a direct call does not. Connect links two AbortControllers per
// call (deadline, caller) and aborts the call's signal on success so an HTTP client lets
// go of its connection; that abort builds a DOMException with a stack trace, and it was
// the largest single cost of the direct hop (docs/performance.md). Here: one controller,
// one timer for the deadline, nothing aborted on success. Failures map as Connect maps
// them (deadline -> deadline_exceeded, caller's abort -> canceled).
import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor, type UnaryRequest, type UnaryResponse } from "@connectrpc/connect";

type UnaryNext<I extends DescMessage, O extends DescMessage> = (
  request: UnaryRequest<I, O>,
) => Promise<UnaryResponse<I, O>>;

export interface DirectCall<I extends DescMessage, O extends DescMessage> {
  readonly interceptors: readonly Interceptor[];
  readonly request: Omit<UnaryRequest<I, O>, "signal" | "message">;
  readonly message: MessageInitShape<I>;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number | undefined;
  readonly next: UnaryNext<I, O>;
}

/** The interceptors around `next`, the first one outermost (as Connect applies them). */
function chain<I extends DescMessage, O extends DescMessage>(
  next: UnaryNext<I, O>,
  interceptors: readonly Interceptor[],
): UnaryNext<I, O> {
  let wrapped = next as unknown as UnaryNext<DescMessage, DescMessage>;
  for (let index = interceptors.length - 1; index >= 0; index--)
    wrapped = interceptors[index]!(wrapped as never) as never;
  return wrapped as unknown as UnaryNext<I, O>;
}

export function runDirectCall<I extends DescMessage, O extends DescMessage>(
  call: DirectCall<I, O>,
): Promise<UnaryResponse<I, O>> {
  const controller = new AbortController();
  const caller = call.signal;
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort);
  const timer =
    call.timeoutMs === undefined
      ? undefined
      : setTimeout(
          () => controller.abort(new ConnectError("the operation timed out", Code.DeadlineExceeded)),
          call.timeoutMs,
        );
  const finish = () => {
    clearTimeout(timer);
    caller?.removeEventListener("abort", onCallerAbort);
  };
  const request = {
    ...call.request,
    message: create(call.request.method.input, call.message),
    signal: controller.signal,
  } as UnaryRequest<I, O>;
  return chain(
    call.next,
    call.interceptors,
  )(request).then(
    (response) => {
      finish();
      return response;
    },
    (reason: unknown) => {
      const error = controller.signal.aborted
        ? ConnectError.from(controller.signal.reason, Code.Canceled)
        : ConnectError.from(reason);
      controller.abort(error);
      finish();
      throw error;
    },
  );
}
