import { describeLedgerReads } from "./ledger-reads-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeLedgerReads("embedded", () => startEmbeddedSystem());
