import { describeKeyCache } from "./key-cache-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeKeyCache("distributed: FerretDB + Kafka, two gateway replicas", () => startDistributedSystem());
