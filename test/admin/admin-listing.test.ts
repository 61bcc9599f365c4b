import { describeAdminListing } from "./admin-listing-suite.js";
import { startEmbeddedSystem } from "../support/system.js";

describeAdminListing("embedded", () => startEmbeddedSystem());
