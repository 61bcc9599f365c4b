// Resolution of the gateway's two secrets when they are not configured (embedded mode only).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "@levy/kit";

export interface GatewaySecrets {
  readonly adminToken: string;
  /** True when the token was generated for this run and should be printed. */
  readonly adminTokenGenerated: boolean;
  readonly apiKeyPepper: string;
  /** The pepper before a rotation, still accepted (API_KEY_PEPPER_PREVIOUS). */
  readonly previousApiKeyPepper: string | undefined;
}

export async function resolveSecrets(options: {
  adminToken?: string | undefined;
  apiKeyPepper?: string | undefined;
  previousApiKeyPepper?: string | undefined;
  embedded: boolean;
  dataDir: string;
}): Promise<GatewaySecrets> {
  if (!options.embedded) {
    const missing = [
      ...(options.adminToken ? [] : ["ADMIN_TOKEN is required when STORAGE=mongo"]),
      ...(options.apiKeyPepper ? [] : ["API_KEY_PEPPER is required when STORAGE=mongo"]),
    ];
    if (missing.length > 0) throw new ConfigError(missing);
  }
  const adminToken = options.adminToken ?? `adm_${randomBytes(24).toString("base64url")}`;
  const apiKeyPepper = options.apiKeyPepper ?? (await embeddedPepper(options.dataDir));
  if (options.previousApiKeyPepper !== undefined && sameSecret(options.previousApiKeyPepper, apiKeyPepper)) {
    throw new ConfigError(["API_KEY_PEPPER_PREVIOUS must differ from API_KEY_PEPPER"]);
  }
  return {
    adminToken,
    adminTokenGenerated: options.adminToken === undefined,
    apiKeyPepper,
    previousApiKeyPepper: options.previousApiKeyPepper,
  };
}

/** Constant-time equality of two secrets of any lengths (their digests are compared). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

async function embeddedPepper(dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, "gateway", "api-key-pepper");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const pepper = randomBytes(32).toString("base64url");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${pepper}\n`, { mode: 0o600, flag: "wx" }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  return (await readFile(file, "utf8")).trim();
}
