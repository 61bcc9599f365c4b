import { describeRateLookup } from "./rate-lookup-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeRateLookup("embedded", () => startEmbeddedSystem());
