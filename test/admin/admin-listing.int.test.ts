import { describeAdminListing } from "./admin-listing-suite.js";
import { startDistributedSystem } from "../support/system.js";

describeAdminListing("distributed: FerretDB + Kafka", () => startDistributedSystem());
