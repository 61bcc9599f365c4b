import { describePresentation } from "./presentation-suite.js";
import { startDistributedSystem } from "../support/system.js";

describePresentation("distributed: FerretDB + Kafka", () => startDistributedSystem());
