// An https document host on loopback for the submit tests, with a CA made for the run
// (openssl). Its certificate names docs.test, which the certificates service resolves to
// 127.0.0.1 only through its test-only settings.
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export interface DocumentServer {
  readonly port: number;
  readonly caFile: string;
  /** https://docs.test:<port><path> */
  url(pathname: string): string;
  serve(pathname: string, bytes: Buffer, contentType?: string): void;
  close(): Promise<void>;
}

export function makeCertificates(dir: string): { key: string; cert: string; caFile: string } {
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=Levy Test CA",
  );
  run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=docs.test");
  writeFileSync(
    path.join(dir, "san.ext"),
    "subjectAltName=DNS:docs.test,DNS:private.test\nbasicConstraints=CA:FALSE\n",
  );
  run(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.pem",
    "-days",
    "2",
    "-extfile",
    "san.ext",
  );
  return {
    key: readFileSync(path.join(dir, "server.key"), "utf8"),
    cert: readFileSync(path.join(dir, "server.pem"), "utf8"),
    caFile: path.join(dir, "ca.pem"),
  };
}

export async function startDocumentServer(): Promise<DocumentServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "levy-docs-"));
  const { key, cert, caFile } = makeCertificates(dir);
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  let port = 0;
  const server = https.createServer({ key, cert }, (request, response) => {
    const url = new URL(request.url ?? "/", "https://docs.test");
    const file = files.get(url.pathname);
    if (file) {
      response.writeHead(200, { "content-type": file.contentType, "content-length": file.bytes.length });
      return response.end(file.bytes);
    }
    const status = /^\/status\/(\d{3})$/.exec(url.pathname);
    if (status) {
      response.writeHead(Number(status[1]), { "content-type": "text/plain" });
      return response.end("no");
    }
    if (url.pathname === "/redirect") {
      response.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      return response.end();
    }
    if (url.pathname === "/loop") {
      response.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get("n") ?? 0) + 1}` });
      return response.end();
    }
    if (url.pathname === "/big-chunked" || url.pathname === "/big-declared") {
      const size = 11 * 1024 * 1024;
      const head = Buffer.from("%PDF-1.4\n");
      response.writeHead(200, {
        "content-type": "application/pdf",
        ...(url.pathname === "/big-declared" ? { "content-length": size } : {}),
      });
      response.write(head);
      const block = Buffer.alloc(64 * 1024, 0x20);
      let sent = head.length;
      const pump = () => {
        while (sent < size) {
          sent += block.length;
          if (!response.write(block)) return void response.once("drain", pump);
        }
        response.end();
      };
      response.on("error", () => undefined);
      return pump();
    }
    if (url.pathname === "/slow")
      return void setTimeout(() => response.destroyed || response.end("late"), 20_000).unref();
    response.writeHead(404);
    response.end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  return {
    port,
    caFile,
    url: (pathname) => `https://docs.test:${port}${pathname}`,
    serve: (pathname, bytes, contentType = "application/octet-stream") =>
      void files.set(pathname, { bytes, contentType }),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  };
}

/** The environment that lets the certificates service fetch from this server (NODE_ENV=test only). */
export function documentServerEnv(server: DocumentServer): Record<string, string> {
  return {
    NODE_ENV: "test",
    CERTIFICATES_TEST_LOOPBACK_HOSTS: "docs.test",
    CERTIFICATES_TEST_HOSTS: "docs.test=127.0.0.1,private.test=10.0.0.7,intranet.test=fd00::5",
    CERTIFICATES_TEST_CA_FILE: server.caFile,
    CERTIFICATES_TEST_DOCUMENT_READER: path.resolve(import.meta.dirname, "manifest-reader.mjs"),
    CERTIFICATES_FETCH_TIMEOUT_MS: "2500",
  };
}
