import { describeFrontDoor } from "./front-door-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeFrontDoor("distributed: FerretDB + Kafka", () => startDistributedSystem());
