import { describeFoundation } from "./foundation-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeFoundation("embedded", () => startEmbeddedSystem());
