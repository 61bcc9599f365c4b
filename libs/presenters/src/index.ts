// The REST API's public JSON shapes, built from the services' proto messages. The gateway
// answers with them and the MCP bridge returns them as tool results, so both stay alike.
export { presentAddress } from "./address.js";
export {
  presentBuyerRecord,
  presentCertificate,
  presentCertificateRequest,
  presentCustomerLink,
  presentLinkedBuyer,
  presentUpload,
} from "./certificate.js";
export { presentCustomer } from "./customer.js";
export { presentFiling, presentSalesSummary } from "./filing.js";
export { presentLedgerLine } from "./ledger-line.js";
export { listEnvelope } from "./list-envelope.js";
export { presentMerchant } from "./merchant.js";
export { presentProduct } from "./product.js";
export { presentRateLookup } from "./rate-lookup.js";
export { presentRefund, presentRefundWithoutType } from "./refund.js";
export { presentJurisdiction, presentLineProduct } from "./tax-line.js";
export { presentTransaction } from "./transaction.js";
