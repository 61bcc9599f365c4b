import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { isReservedIp, mappedIpv4, parseIpv4 } from "./reserved-ranges.js";

const reserved = (address: string) => isReservedIp(address, isIP(address) as 4 | 6);

describe("reserved ranges", () => {
  it.each([
    "10.0.0.1",
    "127.0.0.1",
    "169.254.1.1",
    "100.64.0.1",
    "192.0.2.1",
    "198.51.100.7",
    "203.0.113.9",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "0.0.0.0",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "240.0.0.1",
    "198.18.0.1",
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "2001:db8::1",
    "2001:db8:ffff::1",
    "2002:c000:204::1",
    "3fff::1",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
    "::ffff:a00:1",
    "::FFFF:192.168.0.1",
    "fe80::1%eth0",
  ])("%s is reserved", (address) => {
    expect(reserved(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255",
    "100.128.0.1",
    "172.32.0.1",
    "11.0.0.1",
    "2001:4860:4860::8888",
    "2a00:1450::1",
    "::ffff:8.8.8.8",
    "2600::1",
  ])("%s is public", (address) => {
    expect(reserved(address)).toBe(false);
  });

  it("reads IPv4-mapped IPv6 addresses in both notations", () => {
    expect(mappedIpv4("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(mappedIpv4("::ffff:0a00:0001")).toBe("10.0.0.1");
    expect(mappedIpv4("2001:db8::1")).toBeNull();
    expect(parseIpv4("255.255.255.255")).toBe(2 ** 32 - 1);
  });
});
