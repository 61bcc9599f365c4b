import { createMongoStore } from "@levy/storage";
import { describeStorageContract } from "./storage-contract.js";

const uri = process.env.MONGODB_URI;
if (!uri) throw new Error("MONGODB_URI is not set: the integration project's globalSetup starts FerretDB");
const dbName = `contract_${Date.now().toString(36)}`;
const open = () => createMongoStore({ uri, dbName });
describeStorageContract("mongo", open, open);
