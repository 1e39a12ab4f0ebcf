import { describe, expect, it } from "vitest";
import { classifyAddress, classifyName, parseAllowList, parseAllowListString } from "./address-policy";

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["100.64.0.1", "carrier-grade-nat"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["::ffff:7f00:1", "ipv4-mapped"],
    ["::ffff:127.0.0.1", "ipv4-mapped"],
    ["::ffff:8.8.8.8", "ipv4-mapped"],
    ["::7f00:1", "embedded-ipv4"], // IPv4-compatible ::127.0.0.1
    ["2002:7f00:1::", "embedded-ipv4"], // 6to4 of 127.0.0.1
    ["2002:a00:1::1", "embedded-ipv4"], // 6to4 of 10.0.0.1
    ["64:ff9b::a00:1", "embedded-ipv4"], // NAT64 of 10.0.0.1
    ["64:ff9b::7f00:1", "embedded-ipv4"], // NAT64 of 127.0.0.1
    ["64:ff9b:1::8.8.8.8", "embedded-ipv4"], // local-use NAT64: unknowable, refused
    ["2001:0:a00:1::ffff:ffff", "embedded-ipv4"], // Teredo with server 10.0.0.1
    ["2001:0:808:808::80ff:fffe", "embedded-ipv4"], // Teredo with client ~(80ff:fffe) = 127.0.0.1
    ["169.254.169.254", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["168.63.129.16", "metadata"],
    ["[::1]", "loopback"],
    ["not-an-ip", "reserved"],
  ])("refuses %s as %s", (ip, category) => {
    expect(classifyAddress(ip)).toBe(category);
  });

  it.each([
    "8.8.8.8",
    "93.184.216.34",
    "2606:4700:4700::1111",
    "2002:808:808::1", // 6to4 of 8.8.8.8
    "64:ff9b::808:808", // NAT64 of 8.8.8.8
    "2001:0:808:808::f7f7:f7f7", // Teredo, server 8.8.8.8, client 8.8.8.8
  ])("lets public %s through", (ip) => {
    expect(classifyAddress(ip)).toBeNull();
  });
});

describe("classifyName", () => {
  it.each([
    ["localhost", "loopback"],
    ["localhost.", "loopback"],
    ["LOCALHOST", "loopback"],
    ["api.localhost", "loopback"],
    ["metadata.google.internal", "metadata"],
    ["metadata.google.internal.", "metadata"],
    ["example.com", null],
  ])("%s → %s", (name, category) => {
    expect(classifyName(name)).toBe(category);
  });
});

describe("parseAllowList", () => {
  it("normalises entries the way request URLs are normalised", () => {
    const allow = parseAllowList(["127.1:8080", "[::1]:9000", "LocalHost.:3000", " minio:9000 "]);
    expect([...allow].sort()).toEqual(["127.0.0.1:8080", "[::1]:9000", "localhost:3000", "minio:9000"].sort());
  });

  it("reads the comma-separated variable and ignores empty items", () => {
    expect([...parseAllowListString("")]).toEqual([]);
    expect([...parseAllowListString("127.0.0.1:80, ,10.0.0.5:5432")]).toEqual(["127.0.0.1:80", "10.0.0.5:5432"]);
  });

  it("demands an explicit port and nothing else", () => {
    expect(() => parseAllowList(["127.0.0.1"])).toThrow(/host:port/);
    expect(() => parseAllowList(["127.0.0.1:80/path"])).toThrow(/host:port/);
    expect(() => parseAllowList(["user@127.0.0.1:80"])).toThrow(/host:port/);
    expect(() => parseAllowList(["http://127.0.0.1:80"])).toThrow(/host:port/);
  });
});
