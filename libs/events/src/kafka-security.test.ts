import {
  KafkaJSConnectionClosedError,
  KafkaJSConnectionError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSSASLAuthenticationError,
} from "kafkajs";
import { describe, expect, it } from "vitest";
import { describeKafkaConnectFailure, kafkaClientSecurity } from "./kafka-security.js";

const scram = { mechanism: "scram-sha-512", username: "levy", password: "pw-never-shown" } as const;
const retried = (cause: Error) => new KafkaJSNumberOfRetriesExceeded(cause, { retryCount: 8, retryTime: 1000 });
const connectionError = (message: string, code: string) =>
  new KafkaJSConnectionError(`Connection error: ${message}`, { broker: "b:9093", code });

describe("kafkajs security options", () => {
  it("are plaintext without authentication when nothing is configured", () => {
    expect(kafkaClientSecurity()).toEqual({});
  });

  it("always verify the brokers' certificates, against the given CA when there is one", () => {
    expect(kafkaClientSecurity({ tls: {} })).toEqual({ ssl: { rejectUnauthorized: true } });
    expect(
      kafkaClientSecurity({ sasl: scram, tls: { ca: "CA", cert: "CERT", key: "KEY", servername: "kafka.internal" } }),
    ).toEqual({
      ssl: { rejectUnauthorized: true, ca: "CA", cert: "CERT", key: "KEY", servername: "kafka.internal" },
      sasl: scram,
    });
  });

  it("refuse PLAIN without TLS and a certificate without its key", () => {
    expect(() => kafkaClientSecurity({ sasl: { ...scram, mechanism: "plain" } })).toThrow(/clear text/);
    expect(() => kafkaClientSecurity({ tls: { cert: "CERT" } })).toThrow(/needs its key/);
  });
});

describe("a failed connection's message", () => {
  it("names broker, mechanism and user when the credentials are refused, never the password", () => {
    const refused = new KafkaJSSASLAuthenticationError(
      "SASL SCRAM SHA512 authentication failed: Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512",
    );
    const message = describeKafkaConnectFailure(refused, ["k1:9093", "k2:9093"], { sasl: scram, tls: {} });
    expect(message).toBe(
      'Kafka at k1:9093,k2:9093: SASL authentication failed (scram-sha-512, user "levy"): Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512',
    );
  });

  it("tells an untrusted certificate and a refused client certificate apart, in Node's words", () => {
    const untrusted = describeKafkaConnectFailure(
      retried(connectionError("unable to verify the first certificate", "UNABLE_TO_VERIFY_LEAF_SIGNATURE")),
      ["k:9093"],
      { tls: {} },
    );
    expect(untrusted).toMatch(
      /^Kafka at k:9093: TLS handshake failed: unable to verify the first certificate \(is the CA/,
    );
    const alert = connectionError(
      "80EC:error:0A000412:SSL routines:ssl3_read_bytes:sslv3 alert bad certificate:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 42\n",
      "ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE",
    );
    expect(describeKafkaConnectFailure(retried(alert), ["k:9093"], { tls: {} })).toBe(
      "Kafka at k:9093: TLS handshake failed: sslv3 alert bad certificate (the broker refused this client's certificate, or its absence: mutual TLS needs a client certificate the broker trusts)",
    );
  });

  it("suggests TLS or SASL when a plaintext client is hung up on", () => {
    const closed = new KafkaJSConnectionClosedError("Closed connection", { host: "k", port: 9093 });
    expect(describeKafkaConnectFailure(retried(closed), ["k:9093"])).toBe(
      "cannot reach Kafka at k:9093: Closed connection (does the listener expect TLS or SASL?)",
    );
    expect(describeKafkaConnectFailure(retried(closed), ["k:9093"], { tls: {} })).toBe(
      "cannot reach Kafka at k:9093: Closed connection",
    );
  });
});
