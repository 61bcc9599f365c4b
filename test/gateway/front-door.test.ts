import { describeFrontDoor } from "./front-door-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeFrontDoor("embedded", () => startEmbeddedSystem());
