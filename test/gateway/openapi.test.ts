import { describeOpenApi } from "./openapi-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeOpenApi("embedded", () => startEmbeddedSystem());
