import { describeCalculations } from "./calculations-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeCalculations("embedded", () => startEmbeddedSystem());
