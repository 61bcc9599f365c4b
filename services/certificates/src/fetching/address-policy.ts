// Which addresses a document may be fetched from: public unicast only. Loopback,
// private, link-local (incl. the 169.254.169.254 metadata service), CGNAT, multicast,
// unspecified, broadcast, reserved and IPv6 unique-local (incl. fd00:ec2::254) are
// refused; IPv4-mapped and IPv4-embedding IPv6 forms are judged by their IPv4 address.
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

export function judgeAddress(text: string, options: { allowLoopback?: boolean } = {}): AddressVerdict {
  if (!ipaddr.isValid(text)) return { allowed: false, range: "invalid" };
  let address = ipaddr.parse(text);
  if (address.kind() === "ipv6") {
    const inner = embeddedIpv4(address as ipaddr.IPv6);
    if (inner) address = inner;
  }
  const range = address.range();
  if (range === "unicast") return { allowed: true };
  if (range === "loopback" && options.allowLoopback) return { allowed: true };
  return { allowed: false, range };
}
