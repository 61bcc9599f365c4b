import { describeWebhooks } from "./webhooks-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeWebhooks("distributed", (env) => startDistributedSystem(env));
