import { describePresentation } from "./presentation-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describePresentation("embedded", () => startEmbeddedSystem());
