// Picks the public IPs the tests use by reading the packaged databases: walks IPv4 in
// steps of /20 and IPv6 in steps of /40 and prints the first address of each kind.
// Run after a data update: node services/geo-resolver/dist/bench/find-test-ips.js
import { readFile } from "node:fs/promises";
import { Reader, type Response } from "maxmind";
import { packagedIpDatabasePaths } from "../ip/ip-database.js";
import { loadUsZips } from "../loading/load-us-zips.js";

interface FlatRecord {
  readonly country_code: string;
  readonly state1: string;
  readonly postcode: string;
}

const zips = (await loadUsZips()).index;
const wanted: Record<string, (r: FlatRecord) => boolean> = {
  "US with a known ZIP": (r) =>
    r.country_code === "US" && /^\d{5}$/.test(r.postcode) && zips.slotOf(r.postcode) >= 0 && r.state1 !== "",
  "US with a state, no ZIP": (r) => r.country_code === "US" && r.postcode === "" && r.state1 !== "",
  "US without state or ZIP": (r) => r.country_code === "US" && r.postcode === "" && r.state1 === "",
  "US with a ZIP unknown to the ZIP data": (r) =>
    r.country_code === "US" && /^\d{5}$/.test(r.postcode) && zips.slotOf(r.postcode) < 0,
  "CA with province": (r) => r.country_code === "CA" && r.state1 !== "",
  "CA without province": (r) => r.country_code === "CA" && r.state1 === "",
  DE: (r) => r.country_code === "DE",
  "ES Canary Islands by postcode": (r) => r.country_code === "ES" && /^(35|38)/.test(r.postcode),
  "AX Aland": (r) => r.country_code === "AX",
  PR: (r) => r.country_code === "PR",
};

async function scan(label: string, path: string, addresses: Iterable<string>): Promise<void> {
  const reader = new Reader<Response>(await readFile(path));
  const found = new Map<string, string>();
  for (const address of addresses) {
    const record = reader.get(address) as unknown as FlatRecord | null;
    if (!record) continue;
    for (const [kind, test] of Object.entries(wanted)) {
      if (!found.has(kind) && test(record)) found.set(kind, `${address} ${JSON.stringify(record)}`);
    }
    if (found.size === Object.keys(wanted).length) break;
  }
  console.log(`== ${label}`);
  for (const kind of Object.keys(wanted)) console.log(kind.padEnd(40), found.get(kind) ?? "(none)");
}

function* ipv4(): Generator<string> {
  for (let a = 1; a < 224; a++)
    for (let b = 0; b < 256; b++) for (let c = 0; c < 256; c += 16) yield `${a}.${b}.${c}.1`;
}
function* ipv6(): Generator<string> {
  for (let a = 0x2001; a < 0x2c10; a++)
    for (let b = 0; b < 0x10000; b += 0x100) yield `${a.toString(16)}:${b.toString(16)}::1`;
}

const paths = packagedIpDatabasePaths();
await scan("IPv4", paths.ipv4, ipv4());
await scan("IPv6", paths.ipv6, ipv6());
