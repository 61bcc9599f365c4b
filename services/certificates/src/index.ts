export { startCertificates, type StartCertificatesOptions } from "./app.js";
export { certificatesSettings } from "./config.js";
