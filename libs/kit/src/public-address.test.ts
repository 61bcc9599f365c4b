import { describe, expect, it } from "vitest";
import { judgeAddress } from "./public-address.js";

describe("document host address policy", () => {
  const refused: Array<[string, string]> = [
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.100.100.200", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["fd00:ec2::254", "uniqueLocal"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:10.0.0.1", "private"],
    ["64:ff9b::a00:1", "private"],
    ["::127.0.0.1", "ipv4Compatible"],
    ["::7f00:1", "ipv4Compatible"],
    ["::a9fe:a9fe", "ipv4Compatible"],
    ["::8.8.8.8", "ipv4Compatible"],
  ];
  for (const [address, range] of refused) {
    it(`refuses ${address} (${range})`, () => expect(judgeAddress(address)).toEqual({ allowed: false, range }));
  }
  it("allows public unicast addresses", () => {
    expect(judgeAddress("93.184.216.34")).toEqual({ allowed: true });
    expect(judgeAddress("2606:4700::1111")).toEqual({ allowed: true });
    expect(judgeAddress("::ffff:8.8.8.8")).toEqual({ allowed: true });
  });
  it("allows loopback only when told to", () => {
    expect(judgeAddress("127.0.0.1", { allowLoopback: true })).toEqual({ allowed: true });
    expect(judgeAddress("10.0.0.1", { allowLoopback: true }).allowed).toBe(false);
  });
});
