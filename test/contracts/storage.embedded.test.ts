import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEmbeddedStore } from "@levy/storage";
import { describeStorageContract } from "./storage-contract.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "levy-storage-"));
describeStorageContract(
  "embedded",
  () => createEmbeddedStore({ dir }),
  () => createEmbeddedStore({ dir }),
);
