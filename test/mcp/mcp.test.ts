import { describeMcp } from "./mcp-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeMcp("embedded", (env) => startEmbeddedSystem(env));
