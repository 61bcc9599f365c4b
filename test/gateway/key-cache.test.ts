import { describeKeyCache } from "./key-cache-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeKeyCache("embedded", () => startEmbeddedSystem());
