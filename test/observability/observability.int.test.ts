// The observability suite against distributed mode: one process per service, FerretDB
// and Kafka (consumer lag read from Kafka's committed and end offsets).
import { describeObservability } from "./observability-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeObservability("distributed", startDistributedSystem);
