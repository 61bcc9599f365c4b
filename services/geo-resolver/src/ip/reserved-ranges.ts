// Addresses that never locate a customer: private, loopback, link-local, CGNAT,
// documentation, benchmarking, multicast and reserved blocks (IANA special-purpose
// registries, RFC 6890 and successors). IPv4-mapped IPv6 addresses are checked as IPv4.
// Hand-written matching: node:net BlockList costs ~1.6 µs a check, this ~0.1 µs.

type Block = readonly [network: number, prefix: number];

const ipv4Blocks: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation TEST-NET-1
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation TEST-NET-2
  ["203.0.113.0", 24], // documentation TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
];

// IPv6 blocks no longer than /64 compare the first four groups; "::" and "::1" are exact.
const ipv6Blocks: readonly [string, number][] = [
  ["64:ff9b:1::", 48], // local-use IPv4/IPv6 translation
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["3fff::", 20], // documentation (RFC 9637)
  ["5f00::", 16], // segment routing SIDs
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const v4: readonly Block[] = ipv4Blocks.map(([network, prefix]) => [parseIpv4(network), prefix]);
const groups = new Uint16Array(8);
const v6: readonly (readonly [Uint16Array, number])[] = ipv6Blocks.map(([network, prefix]) => {
  parseIpv6(network, groups);
  return [groups.slice(), prefix];
});

/** A dotted IPv4 address (already validated) as an unsigned 32-bit number. */
export function parseIpv4(address: string, from = 0): number {
  let value = 0;
  let octet = 0;
  for (let i = from; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === 46) {
      value = value * 256 + octet;
      octet = 0;
    } else {
      octet = octet * 10 + (c - 48);
    }
  }
  return value * 256 + octet;
}

/** Fills `out` with the eight groups of a valid IPv6 address (an IPv4 tail included). */
export function parseIpv6(address: string, out: Uint16Array): void {
  out.fill(0);
  const zone = address.indexOf("%");
  const text = zone === -1 ? address : address.slice(0, zone);
  const gap = text.indexOf("::");
  const head = gap === -1 ? text : text.slice(0, gap);
  const tail = gap === -1 ? "" : text.slice(gap + 2);
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === "" ? [] : tail.split(":");
  const words: number[] = [];
  const push = (list: string[]) => {
    for (const group of list) {
      if (group.includes(".")) {
        const ipv4 = parseIpv4(group);
        words.push(ipv4 >>> 16, ipv4 & 0xffff);
      } else {
        words.push(parseInt(group, 16));
      }
    }
  };
  push(headGroups);
  const headLength = words.length;
  push(tailGroups);
  const tailLength = words.length - headLength;
  for (let i = 0; i < headLength; i++) out[i] = words[i]!;
  for (let i = 0; i < tailLength; i++) out[8 - tailLength + i] = words[headLength + i]!;
}

const v4Networks = Uint32Array.from(v4, ([network]) => network);
const v4Shifts = Uint8Array.from(v4, ([, prefix]) => 32 - prefix);

function inIpv4Block(value: number): boolean {
  for (let i = 0; i < v4Networks.length; i++) {
    const shift = v4Shifts[i]!;
    if (value >>> shift === v4Networks[i]! >>> shift) return true;
  }
  return false;
}

function inIpv6Block(address: Uint16Array): boolean {
  for (const [network, prefix] of v6) {
    let bits = prefix;
    let group = 0;
    let match = true;
    while (bits > 0) {
      const take = Math.min(bits, 16);
      const mask = (0xffff << (16 - take)) & 0xffff;
      if ((address[group]! & mask) !== (network[group]! & mask)) {
        match = false;
        break;
      }
      bits -= take;
      group++;
    }
    if (match) return true;
  }
  return false;
}

const scratch = new Uint16Array(8);

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96), else null. */
export function mappedIpv4(address: string): string | null {
  parseIpv6(address, scratch);
  if (scratch[0] || scratch[1] || scratch[2] || scratch[3] || scratch[4] || scratch[5] !== 0xffff) return null;
  return `${scratch[6]! >> 8}.${scratch[6]! & 255}.${scratch[7]! >> 8}.${scratch[7]! & 255}`;
}

/** True for an address that cannot stand for a customer's location. `version` is net.isIP's result. */
export function isReservedIp(address: string, version: 4 | 6): boolean {
  if (version === 4) return inIpv4Block(parseIpv4(address));
  parseIpv6(address, scratch);
  if (!scratch[0] && !scratch[1] && !scratch[2] && !scratch[3] && !scratch[4]) {
    // ::/128, ::1/128 and the IPv4-mapped ::ffff:0:0/96.
    if (!scratch[5] && !scratch[6] && scratch[7]! <= 1) return true;
    if (scratch[5] === 0xffff) return inIpv4Block(scratch[6]! * 65536 + scratch[7]!);
  }
  return inIpv6Block(scratch);
}
