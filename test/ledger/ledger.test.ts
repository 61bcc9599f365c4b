import { describeLedger } from "./ledger-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeLedger("embedded", () => startEmbeddedSystem());
