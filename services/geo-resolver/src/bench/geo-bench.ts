// Measures geo-resolver in process, on one core: start-up load time, resident memory of
// the loaded data, and address and IP resolutions per second over a realistic mix.
// Run: npm run bench:geo -w @levy/geo-resolver (node --expose-gc for a steadier memory figure).
import { LevyError } from "@levy/kit";
import type { AddressInput } from "../domain/normalize-address.js";
import type { IpInput } from "../domain/resolve-location.js";
import { isReservedIp } from "../ip/reserved-ranges.js";
import { loadGeoData, type GeoData } from "../loading/load-geo-data.js";

const gc = (globalThis as { gc?: () => void }).gc;
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

// A deterministic generator, so runs compare.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function address(parts: Partial<AddressInput>): AddressInput {
  return {
    address_line_1: "1 Main Street",
    address_line_2: "",
    address_city: "",
    address_province: "",
    address_postal_code: "",
    address_country: "US",
    address_type: "billing",
    ...parts,
  };
}

/** 70 % US (ZIP, ZIP+4, with state and city), 10 % Canada, 20 % elsewhere incl. special territories. */
function addressMix(data: GeoData, count: number): AddressInput[] {
  const zips = data.addresses.zips;
  const abroad = [
    address({ address_country: "DE", address_postal_code: "10115", address_city: "Berlin" }),
    address({ address_country: "FR", address_postal_code: "75001", address_city: "Paris" }),
    address({ address_country: "GB", address_postal_code: "SW1A 1AA", address_city: "London" }),
    address({ address_country: "ES", address_postal_code: "35001", address_city: "Las Palmas" }),
    address({ address_country: "IT", address_postal_code: "23041", address_city: "Livigno" }),
    address({ address_country: "AU", address_postal_code: "2000", address_province: "NSW" }),
    address({ address_country: "JP", address_postal_code: "100-0001" }),
  ];
  const canadian = ["K1A 0B1", "M5V 3L9", "H2X 1Y4", "V6B 1A1", "T2P 1J9", "X0A 0H0"];
  const list: AddressInput[] = [];
  while (list.length < count) {
    const roll = random();
    if (roll < 0.7) {
      const slot = Math.floor(random() * zips.size);
      const zip = zips.zip(slot);
      const variant = random();
      if (variant < 0.4) list.push(address({ address_postal_code: zip }));
      else if (variant < 0.6)
        list.push(address({ address_postal_code: `${zip}-${String(Math.floor(random() * 10_000)).padStart(4, "0")}` }));
      else if (variant < 0.9)
        list.push(
          address({
            address_postal_code: zip,
            address_province: zips.region(slot).code,
            address_city: zips.cityName(slot),
          }),
        );
      else
        list.push(
          address({
            address_postal_code: ` ${zip} `,
            address_province: zips.region(slot).code.toLowerCase(),
            address_country: "us",
          }),
        );
    } else if (roll < 0.8) {
      list.push(address({ address_country: "CA", address_postal_code: pick(canadian) }));
    } else {
      list.push(pick(abroad));
    }
  }
  return list;
}

/** Random public addresses: 80 % IPv4, 20 % IPv6 in allocated space; modes strict and best_effort. */
function ipMix(count: number): IpInput[] {
  const list: IpInput[] = [];
  const v6Prefixes = ["2001:", "2400:", "2600:", "2a00:", "2a02:", "2c0f:"];
  while (list.length < count) {
    let value: string;
    if (random() < 0.8) {
      value = [
        1 + Math.floor(random() * 222),
        Math.floor(random() * 256),
        Math.floor(random() * 256),
        1 + Math.floor(random() * 254),
      ].join(".");
      if (isReservedIp(value, 4)) continue;
    } else {
      const group = () => Math.floor(random() * 0x10000).toString(16);
      value = `${pick(v6Prefixes)}${group()}:${group()}::${group()}`;
    }
    list.push({ value, resolution: random() < 0.5 ? "strict" : "best_effort" });
  }
  return list;
}

/** Runs `work` over the inputs for at least `seconds`, returns calls per second. */
function throughput<T>(inputs: readonly T[], work: (input: T) => void, seconds = 1.5): number {
  for (let i = 0; i < inputs.length; i++) work(inputs[i]!); // warm-up
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    for (let i = 0; i < inputs.length; i++) work(inputs[i]!);
    calls += inputs.length;
    elapsed = performance.now() - started;
  }
  return (calls / elapsed) * 1000;
}

gc?.();
const before = process.memoryUsage();
const started = performance.now();
const data = await loadGeoData();
const loadMs = performance.now() - started;
gc?.();
const after = process.memoryUsage();

const addresses = addressMix(data, 20_000);
const ips = ipMix(20_000);
const addressRate = throughput(addresses, (input) => data.addresses.resolve(input));
let failures = 0;
const resolveIp = (ip: IpInput) => {
  try {
    data.locations.resolve({ ip });
  } catch (error) {
    if (!(error instanceof LevyError)) throw error;
    failures++;
  }
};
for (const ip of ips) resolveIp(ip);
const failureShare = failures / ips.length;
const ipRate = throughput(ips, resolveIp);

console.log(
  `geo-resolver benchmark (node ${process.version}, one core${gc ? "" : ", run with --expose-gc for steadier memory figures"})`,
);
console.log(
  `  ZIPs loaded                ${data.stats.zipCount} (${data.stats.primaryZipRecords} SimpleMaps + GeoNames supplement)`,
);
console.log(`  start-up load time         ${loadMs.toFixed(0)} ms`);
console.log(
  `  resident memory delta      ${megabytes(after.rss - before.rss)} MB (heap ${megabytes(after.heapUsed - before.heapUsed)} MB, buffers ${megabytes(after.arrayBuffers - before.arrayBuffers)} MB)`,
);
console.log(`  address resolutions/s      ${Math.round(addressRate).toLocaleString("en-US")}`);
console.log(
  `  IP resolutions/s           ${Math.round(ipRate).toLocaleString("en-US")} (strict/best_effort mix, ${(failureShare * 100).toFixed(0)}% answered with an IP error)`,
);
