// On the first embedded start, a demo account is created and its keys printed once.
// The account id is remembered in the data directory; the secrets are not.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { KeyStore, IssuedKey } from "@levy/gateway";

export interface DemoAccount {
  readonly accountId: string;
  /** Present only when the account was created by this call. */
  readonly keys?: readonly IssuedKey[];
}

export async function ensureDemoAccount(keyStore: KeyStore, dataDir: string): Promise<DemoAccount> {
  const marker = path.resolve(dataDir, "embedded", "demo-account-id");
  const existingId = await readFile(marker, "utf8").then(
    (text) => text.trim(),
    () => null,
  );
  if (existingId && (await keyStore.getAccount(existingId))) return { accountId: existingId };
  const { account, keys } = await keyStore.createAccount("Demo account");
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, `${account.id}\n`);
  return { accountId: account.id, keys };
}
