import { createInProcessBus } from "@levy/events";
import { describeEventBusContract } from "./events-contract.js";

describeEventBusContract("in-process", async () => createInProcessBus());
