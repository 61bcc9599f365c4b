// Does an exemption certificate cover this customer in this US state on this day? The
// certificates service answers (CheckExemption); answers are cached per account,
// customer, state and day, and an account's entries are dropped as soon as a
// `levy.certificate.changed` event of that account arrives (and after `ttlMs` anyway,
// which bounds staleness should an event be late). The cache holds at most `maxEntries`
// answers: past that it starts afresh, so a long-running process cannot grow without
// bound (it is only a shortcut; every miss asks the service again).
import type { Client } from "@connectrpc/connect";
import type { EventBus, Subscription } from "@levy/events";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { Scope } from "@levy/storage";

export interface ExemptionAnswer {
  readonly certificateId: string;
  readonly certificateType: string;
}

export interface CertificateExemptions {
  /** The certificate exempting the customer, or null. Test mode never has certificates. */
  find(
    scope: Scope,
    customer: { id: string; referenceCustomerId: string },
    state: string,
    at: number,
  ): Promise<ExemptionAnswer | null>;
  /** Follows certificate events to drop stale answers. */
  follow(bus: EventBus, group: string): Promise<Subscription>;
  readonly size: () => number;
}

export const certificateTopic = "levy.certificates.certificates";

export interface CertificateExemptionsOptions {
  readonly ttlMs: number;
  /** Most answers kept at once (default 50,000). */
  readonly maxEntries?: number;
}

export function createCertificateExemptions(
  client: Client<typeof CertificatesService>,
  options: CertificateExemptionsOptions,
): CertificateExemptions {
  const maxEntries = options.maxEntries ?? 50_000;
  const cache = new Map<string, Map<string, { answer: ExemptionAnswer | null; until: number }>>();
  let entries = 0;
  const accountKey = (scope: Scope) => `${scope.livemode ? "live" : "test"}:${scope.accountId}`;

  return {
    async find(scope, customer, state, at) {
      if (!scope.livemode || (!customer.id && !customer.referenceCustomerId)) return null;
      const day = new Date(at * 1000).toISOString().slice(0, 10);
      const key = `${customer.id}|${customer.referenceCustomerId}|${state}|${day}`;
      const hit = cache.get(accountKey(scope))?.get(key);
      if (hit && hit.until > Date.now()) return hit.answer;
      const response = await client.checkExemption({
        scope,
        customerId: customer.id,
        referenceCustomerId: customer.referenceCustomerId,
        jurisdiction: state,
        at: BigInt(at),
      });
      const answer = response.exempt
        ? { certificateId: response.certificateId, certificateType: response.certificateType }
        : null;
      if (entries >= maxEntries) {
        cache.clear();
        entries = 0;
      }
      let account = cache.get(accountKey(scope));
      if (!account) {
        account = new Map();
        cache.set(accountKey(scope), account);
      }
      if (!account.has(key)) entries += 1;
      account.set(key, { answer, until: Date.now() + options.ttlMs });
      return answer;
    },
    follow(bus, group) {
      return bus.subscribe({
        topic: certificateTopic,
        group,
        handler: async (event) => {
          const key = `${event.livemode ? "live" : "test"}:${event.account_id}`;
          entries -= cache.get(key)?.size ?? 0;
          cache.delete(key);
        },
      });
    },
    size: () => entries,
  };
}
