// Which addresses Levy may connect to on a caller's behalf (document downloads, webhook
// deliveries): public unicast only. Loopback,
// private, link-local (incl. the 169.254.169.254 metadata service), CGNAT, multicast,
// unspecified, broadcast, reserved and IPv6 unique-local (incl. fd00:ec2::254) are
// refused; IPv4-mapped and IPv4-embedding IPv6 forms are judged by their IPv4 address,
// and the deprecated IPv4-compatible form (::/96, e.g. ::7f00:1) is refused outright.
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === "ipv4Mapped") return address.toIPv4Address();
  // NAT64 (64:ff9b::/96) and IPv4-translated forms carry an IPv4 address in the low 32 bits.
  if (range === "rfc6052" || range === "rfc6145") {
    const bytes = address.toByteArray();
    return ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  }
  return null;
}

/** ::a.b.c.d (RFC 4291 2.5.5.1, deprecated): ipaddr.js calls it unicast, but the kernel may route it to the IPv4 host. */
function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  return address.range() === "unicast" && address.parts.slice(0, 6).every((part) => part === 0);
}

/**
 * ipaddr.js reads any IPv6 text ending in a dotted quad as IPv4-mapped (::127.0.0.1 as
 * ::ffff:127.0.0.1), and resolvers print ::/96 that way, so IPv6 text is first rewritten
 * in the WHATWG URL parser's canonical hex form (the form a URL literal already has).
 */
function canonicalText(text: string): string {
  if (!text.includes(":") || !text.includes(".")) return text;
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return text;
  }
}

export function judgeAddress(text: string, options: { allowLoopback?: boolean } = {}): AddressVerdict {
  const canonical = canonicalText(text);
  if (!ipaddr.isValid(canonical)) return { allowed: false, range: "invalid" };
  let address = ipaddr.parse(canonical);
  if (address.kind() === "ipv6") {
    if (isIpv4Compatible(address as ipaddr.IPv6)) return { allowed: false, range: "ipv4Compatible" };
    const inner = embeddedIpv4(address as ipaddr.IPv6);
    if (inner) address = inner;
  }
  const range = address.range();
  if (range === "unicast") return { allowed: true };
  if (range === "loopback" && options.allowLoopback) return { allowed: true };
  return { allowed: false, range };
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type HostVerdict =
  | { allowed: true; target: ResolvedAddress }
  | { allowed: false; reason: "unresolvable" | "non_public"; range?: string };

/**
 * Resolves a URL's host and judges every answer; the caller connects to `target` (a
 * custom `lookup`), so a second DNS answer cannot swap in another address (rebinding).
 * A name that mixes public and private answers is refused. `loopbackHosts` (tests only)
 * lets named hosts, never IP literals, resolve to loopback.
 */
export async function judgeUrlHost(
  url: URL,
  options: { resolve: Resolver; loopbackHosts?: ReadonlySet<string> | undefined },
): Promise<HostVerdict> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolve(host);
    } catch {
      return { allowed: false, reason: "unresolvable" };
    }
    if (addresses.length === 0) return { allowed: false, reason: "unresolvable" };
  }
  const allowLoopback = !literal && (options.loopbackHosts?.has(host.toLowerCase()) ?? false);
  for (const candidate of addresses) {
    const verdict = judgeAddress(candidate.address, { allowLoopback });
    if (!verdict.allowed) return { allowed: false, reason: "non_public", range: verdict.range };
  }
  return { allowed: true, target: addresses[0]! };
}
