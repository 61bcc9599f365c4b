import { describeSecurity } from "./security-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeSecurity("distributed: FerretDB + Kafka", (env, onOutput) => startDistributedSystem(env, { onOutput }), {
  fuzz: false,
});
