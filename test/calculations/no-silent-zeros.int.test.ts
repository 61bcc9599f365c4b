import { describeNoSilentZeros } from "./no-silent-zeros-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeNoSilentZeros("distributed: FerretDB + Kafka", () => startDistributedSystem());
