// Preloaded with `node --require` by the offline test: Node runs --require preloads in
// every worker thread too, so tesseract's worker is covered. Any outgoing connection,
// DNS lookup or fetch is refused and reported on stderr as NETWORK-BLOCKED.
"use strict";
const net = require("node:net");
const dns = require("node:dns");
const { isMainThread } = require("node:worker_threads");

const where = isMainThread ? "main thread" : "worker thread";
function refuse(what) {
  process.stderr.write(`NETWORK-BLOCKED ${what} in ${where}\n`);
  return new Error(`network access is disabled in this test (${what})`);
}
net.Socket.prototype.connect = function connect() {
  throw refuse("socket connect");
};
// vite-node (which runs the check script) looks up "localhost" at start; that stays on
// the machine and is the only name allowed.
const lookup = dns.lookup;
const lookupPromise = dns.promises.lookup;
dns.lookup = function guardedLookup(host, ...rest) {
  if (host === "localhost") return lookup.call(this, host, ...rest);
  throw refuse(`dns lookup of ${host}`);
};
dns.promises.lookup = async function guardedLookup(host, ...rest) {
  if (host === "localhost") return lookupPromise.call(this, host, ...rest);
  throw refuse(`dns lookup of ${host}`);
};
globalThis.fetch = async function fetch(url) {
  throw refuse(`fetch ${url}`);
};
