import { describeCalculations } from "./calculations-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeCalculations("distributed: FerretDB + Kafka", () => startDistributedSystem());
