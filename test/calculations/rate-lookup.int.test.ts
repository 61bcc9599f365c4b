import { describeRateLookup } from "./rate-lookup-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeRateLookup("distributed: FerretDB + Kafka", () => startDistributedSystem());
