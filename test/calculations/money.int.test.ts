import { describeMoney } from "./money-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeMoney("distributed: FerretDB + Kafka", () => startDistributedSystem());
