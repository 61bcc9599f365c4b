import { describeCertificates } from "./certificates-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeCertificates("distributed", (env) => startDistributedSystem(env));
