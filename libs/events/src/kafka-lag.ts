// Consumer lag from Kafka itself: per partition, the topic's end offset minus the
// group's committed offset (a group that committed nothing yet owes everything from
// the partition's start). Two admin requests per subscription; callers cache it.
import type { Admin } from "kafkajs";
import type { ConsumerLag } from "./port.js";

export async function consumerLag(
  admin: Admin,
  subscriptions: ReadonlyArray<{ topic: string; group: string }>,
): Promise<ConsumerLag[]> {
  const ends = new Map<string, Awaited<ReturnType<Admin["fetchTopicOffsets"]>>>();
  const result: ConsumerLag[] = [];
  for (const { topic, group } of subscriptions) {
    if (!ends.has(topic)) ends.set(topic, await admin.fetchTopicOffsets(topic));
    const partitions = ends.get(topic)!;
    const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    const committedOf = new Map((committed?.partitions ?? []).map((entry) => [entry.partition, Number(entry.offset)]));
    let lag = 0;
    for (const partition of partitions) {
      const end = Number(partition.high);
      const done = committedOf.get(partition.partition) ?? -1;
      lag += Math.max(0, end - (done >= 0 ? done : Number(partition.low)));
    }
    result.push({ topic, group, lag });
  }
  return result;
}
