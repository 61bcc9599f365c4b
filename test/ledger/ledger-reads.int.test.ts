import { describeLedgerReads } from "./ledger-reads-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeLedgerReads("distributed: FerretDB + Kafka", () => startDistributedSystem());
