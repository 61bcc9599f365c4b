import { describeCertificates } from "./certificates-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeCertificates("embedded", (env) => startEmbeddedSystem(env));
