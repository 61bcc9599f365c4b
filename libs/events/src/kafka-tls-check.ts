// One TLS handshake with the first bootstrap broker before kafkajs connects. kafkajs
// treats an untrusted certificate like a broker that is down and retries it for about
// a minute; a certificate that fails verification will fail every time, so the bus
// says so at once. Anything else (refused, timed out) is left to kafkajs's retries.
import { isIP } from "node:net";
import { connect, type ConnectionOptions } from "node:tls";
import { isTlsFailure } from "./kafka-security.js";

/** The verification error of `broker`'s certificate, or undefined when it is trusted or unreachable. */
export function brokerCertificateFailure(
  broker: string,
  ssl: ConnectionOptions,
  timeoutMs = 10_000,
): Promise<Error | undefined> {
  const separator = broker.lastIndexOf(":");
  const host = broker.slice(0, separator);
  const port = Number(broker.slice(separator + 1));
  return new Promise((resolve) => {
    // The same options kafkajs's socket factory uses: SNI for host names, then ours.
    const socket = connect({ host, port, ...(isIP(host) ? {} : { servername: host }), ...ssl });
    const settle = (failure?: Error) => {
      socket.destroy();
      resolve(failure);
    };
    socket.setTimeout(timeoutMs, () => settle());
    socket.once("secureConnect", () => settle());
    socket.once("error", (error) => settle(isTlsFailure(error) ? error : undefined));
  });
}
