// The URLs Levy must never connect to on a caller's behalf (SSRF): loopback, private,
// link-local, metadata and other non-public hosts, in the spellings that have slipped
// through guards before. Shared by every suite that takes a URL from a caller (certificate
// document_url, webhook endpoint url); the test settings resolve private.test to 10.0.0.7
// and intranet.test to fd00::5.
export function nonPublicUrls(port: number, pathname: string): string[] {
  return [
    `https://127.0.0.1:${port}${pathname}`,
    `https://[::1]:${port}${pathname}`,
    `https://[::ffff:127.0.0.1]:${port}${pathname}`,
    // IPv4-compatible IPv6 (::/96, deprecated): the same loopback in two spellings.
    `https://[::127.0.0.1]:${port}${pathname}`,
    `https://[::7f00:1]:${port}${pathname}`,
    "https://[::a9fe:a9fe]/latest/meta-data/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00:ec2::254]/latest/meta-data/",
    "https://10.0.0.7/a.pdf",
    "https://192.168.1.1/a.pdf",
    "https://100.64.0.1/a.pdf",
    "https://0.0.0.0/a.pdf",
    "https://224.0.0.1/a.pdf",
    `https://private.test:${port}${pathname}`,
    "https://intranet.test/a.pdf",
    "https://no-such-host.invalid/a.pdf",
  ];
}
