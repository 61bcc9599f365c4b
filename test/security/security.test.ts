import { describeSecurity } from "./security-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeSecurity("embedded", (env) => startEmbeddedSystem(env), { fuzz: true });
