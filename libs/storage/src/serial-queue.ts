// Runs async operations one at a time, in order. The embedded store serialises the
// writes of each collection with it, so read-check-write sequences cannot interleave.
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<R>(operation: () => Promise<R>): Promise<R> {
    const result = tail.then(operation, operation);
    tail = result.catch(() => undefined);
    return result;
  };
}
