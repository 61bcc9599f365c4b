// The observability suite against embedded mode (one process, in-process events).
import { describeObservability } from "./observability-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeObservability("embedded", startEmbeddedSystem);
