// Polls until a condition holds, for results that arrive asynchronously (Kafka-fed
// summaries, certificate processing, a count of retries).

/** Reads until `done` holds or the deadline passes; returns the last value either way. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}
