// Checks a service's grpc.health.v1 with @grpc/grpc-js, the canonical gRPC
// implementation, to prove our Connect servers interoperate with it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

const protoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../proto");
const definition = protoLoader.loadSync("grpc/health/v1/health.proto", { includeDirs: [protoRoot], enums: String });
const loaded = grpc.loadPackageDefinition(definition) as any;

export async function grpcHealthCheck(port: number, service = ""): Promise<string> {
  const client = new loaded.grpc.health.v1.Health(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  try {
    return await new Promise<string>((resolve, reject) => {
      client.check({ service }, { deadline: Date.now() + 5000 }, (error: Error | null, response: { status: string }) =>
        error ? reject(error) : resolve(response.status),
      );
    });
  } finally {
    client.close();
  }
}
