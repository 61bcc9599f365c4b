import { describeLedger } from "./ledger-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeLedger("distributed: FerretDB + Kafka", () => startDistributedSystem());
