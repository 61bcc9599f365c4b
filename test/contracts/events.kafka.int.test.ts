import { createKafkaBus } from "@levy/events";
import { describeEventBusContract } from "./events-contract.js";

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) throw new Error("KAFKA_BROKERS is not set: the integration project's globalSetup starts Kafka");
describeEventBusContract("kafka", () => createKafkaBus({ brokers: brokers.split(","), clientId: "levy-contract" }));
