// How a Kafka client proves who it is and checks whom it talks to: SASL (PLAIN,
// SCRAM-SHA-256, SCRAM-SHA-512) and TLS (the CA to trust, optionally a client
// certificate). Broker certificates are always verified: there is no option to turn
// that off, because a client that trusts any certificate hands its SASL password to
// whoever answers. A private CA is given as `ca` instead.
import type { KafkaConfig } from "kafkajs";
import type { ConnectionOptions } from "node:tls";

export const kafkaSaslMechanisms = ["plain", "scram-sha-256", "scram-sha-512"] as const;
export type KafkaSaslMechanism = (typeof kafkaSaslMechanisms)[number];

export interface KafkaSasl {
  readonly mechanism: KafkaSaslMechanism;
  readonly username: string;
  readonly password: string;
}

export interface KafkaTls {
  /** PEM certificates of the CAs that signed the brokers' certificates; none: Node's bundled public CAs. */
  readonly ca?: string | undefined;
  /** PEM client certificate (chain) and its unencrypted key, for brokers that require mutual TLS. */
  readonly cert?: string | undefined;
  readonly key?: string | undefined;
  /** Name the brokers' certificates must carry (and the SNI sent), when not the broker host itself. */
  readonly servername?: string | undefined;
}

export interface KafkaSecurity {
  /** None: no authentication (local brokers only). */
  readonly sasl?: KafkaSasl | undefined;
  /** None: plaintext. */
  readonly tls?: KafkaTls | undefined;
}

/** The `ssl` and `sasl` parts of kafkajs's client configuration; throws on combinations that leak secrets. */
export function kafkaClientSecurity(security: KafkaSecurity = {}): Pick<KafkaConfig, "ssl" | "sasl"> {
  const { sasl, tls } = security;
  if (sasl?.mechanism === "plain" && !tls) {
    throw new Error("SASL PLAIN sends the password in clear text: use it only over TLS");
  }
  if (tls && Boolean(tls.cert) !== Boolean(tls.key)) {
    throw new Error("a Kafka client certificate needs its key, and a key its certificate");
  }
  const ssl: ConnectionOptions | undefined = tls
    ? {
        rejectUnauthorized: true,
        ...(tls.ca ? { ca: tls.ca } : {}),
        ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}),
        ...(tls.servername ? { servername: tls.servername } : {}),
      }
    : undefined;
  return {
    ...(ssl ? { ssl } : {}),
    ...(sasl ? { sasl: { mechanism: sasl.mechanism, username: sasl.username, password: sasl.password } } : {}),
  } as Pick<KafkaConfig, "ssl" | "sasl">;
}

/**
 * Why a client could not connect, in words an operator can act on: rejected
 * credentials and untrusted certificates are told apart from an unreachable broker.
 * Never includes the password.
 */
export function describeKafkaConnectFailure(
  error: unknown,
  brokers: readonly string[],
  security: KafkaSecurity = {},
): string {
  const where = `Kafka at ${brokers.join(",")}`;
  const causes = causeChain(error);
  const sasl = causes.find((cause) => cause.name === "KafkaJSSASLAuthenticationError");
  if (sasl && security.sasl) {
    const reason = sasl.message.replace(/^SASL [A-Z0-9- ]+ authentication failed: /i, "");
    return `${where}: SASL authentication failed (${security.sasl.mechanism}, user "${security.sasl.username}"): ${reason}`;
  }
  const tls = causes.find(isTlsFailure);
  if (tls) return tlsFailureMessage(where, tls);
  const last = causes.at(-1);
  const plaintextToTls = !security.tls && causes.some((cause) => cause.name === "KafkaJSConnectionClosedError");
  return `cannot reach ${where}${last ? `: ${last.message}` : ""}${plaintextToTls ? " (does the listener expect TLS or SASL?)" : ""}`;
}

/** "Kafka at host:port: TLS handshake failed: <Node's reason>" with a hint at the usual cause. */
export function tlsFailureMessage(where: string, error: Error): string {
  // OpenSSL's own text ("…:SSL routines:ssl3_read_bytes:sslv3 alert bad certificate:…") shortened to its reason.
  const reason = error.message.replace(/^Connection error: /, "").replace(/^.*SSL routines:[^:]*:([^:]+):.*$/s, "$1");
  const code = String((error as { code?: unknown }).code ?? "");
  const hint = /ALERT/.test(code)
    ? "the broker refused this client's certificate, or its absence: mutual TLS needs a client certificate the broker trusts"
    : "is the CA that signed the brokers' certificates given, and do they name the broker host?";
  return `${where}: TLS handshake failed: ${reason} (${hint})`;
}

export function isTlsFailure(error: unknown): error is Error {
  return error instanceof Error && tlsErrorCodes.test(String((error as { code?: unknown }).code ?? ""));
}

const tlsErrorCodes = /^(ERR_TLS_|ERR_SSL_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|CERT_|HOSTNAME_MISMATCH)/;

function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && chain.length < 10; current = current.cause) chain.push(current);
  return chain;
}
