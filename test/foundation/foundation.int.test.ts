import { describeFoundation } from "./foundation-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeFoundation("distributed: FerretDB + Kafka", () => startDistributedSystem());
