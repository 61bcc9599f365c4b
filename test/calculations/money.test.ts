import { describeMoney } from "./money-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeMoney("embedded", () => startEmbeddedSystem());
