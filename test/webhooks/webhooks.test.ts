import { describeWebhooks } from "./webhooks-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeWebhooks("embedded", (env) => startEmbeddedSystem(env));
