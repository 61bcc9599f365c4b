import { describeCatalog } from "./catalog-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeCatalog("embedded", () => startEmbeddedSystem());
