import { describeOpenApi } from "./openapi-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeOpenApi("distributed", () => startDistributedSystem());
