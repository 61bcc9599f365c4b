import { describeNoSilentZeros } from "./no-silent-zeros-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeNoSilentZeros("embedded", () => startEmbeddedSystem());
