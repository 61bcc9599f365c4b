import { describeMcp } from "./mcp-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeMcp("distributed: FerretDB + Kafka", (env) => startDistributedSystem(env));
