import { describeCatalog } from "./catalog-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeCatalog("distributed: FerretDB + Kafka", () => startDistributedSystem());
