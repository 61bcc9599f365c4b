// @levy/presenters: the public contract of the REST API, defined once. Each resource and
// request body is a zod schema here; the presenters build the resources from the
// services' proto messages, typed by those schemas. The gateway validates and answers
// with them (and generates its OpenAPI document from them); the MCP bridge describes its
// tools with them. A field added to a resource is a change in one file here.
export {
  accountSchema,
  apiKeySchema,
  createAccountBody,
  createdAccountSchema,
  createKeyBody,
  issuedKeySchema,
} from "./account.js";
export { presentAccount, presentIssuedKey, presentKey, revokedKeySchema, updateAccountBody } from "./account.js";
export type { AccountJson, AccountRecordFields, ApiKeyJson, IssuedKeyJson, KeyRecordFields } from "./account.js";
export {
  addressBody,
  addressSchema,
  countryCodeBody,
  presentAddress,
  taxIdBody,
  taxIdSchema,
  type Address,
} from "./address.js";
export { apiVersions, currentApiVersion, isApiVersion, usesFlatErrors, versionAtLeast } from "./api-versions.js";
export type { ApiVersion } from "./api-versions.js";
export {
  calculationBody,
  calculationCustomerBody,
  orderDetailsBody,
  platformCalculationBody,
} from "./calculation-bodies.js";
export {
  calculationSchema,
  platformCalculationSchema,
  presentCalculation,
  presentPlatformCalculation,
} from "./calculation.js";
export type { Calculation, CalculationPresentation, PlatformCalculation } from "./calculation.js";
export {
  buyerSchema,
  certificateRequestSchema,
  certificateSchema,
  listedCertificateSchema,
  listedUploadSchema,
  presentBuyerRecord,
  presentCertificate,
  presentCertificateRequest,
  presentCustomerLink,
  presentLinkedBuyer,
  presentUpload,
  uploadSchema,
} from "./certificate.js";
export {
  buyerBody,
  certificateBody,
  certificateRequestBody,
  certificateRequestsQuery,
  certificatesQuery,
  certificateUploadsQuery,
  customerSelector,
  submitCertificateBody,
} from "./certificate-bodies.js";
export {
  createCustomerBody,
  customerListFilters,
  customerListQuery,
  customerSchema,
  presentCustomer,
  updateCustomerBody,
  type Customer,
} from "./customer.js";
export { deletedSchema, deletedWithIdSchema, presentDeletedWithId } from "./deleted.js";
export { flatErrorSchema, nestedErrorSchema, type FlatError, type NestedError } from "./error.js";
export { filingSchema, filingStatuses, presentFiling, type Filing } from "./filing.js";
export { presentRefundLine, presentTransactionLine, refundLineSchema, transactionLineSchema } from "./ledger-line.js";
export {
  booleanParam,
  cursorParam,
  listEnvelope,
  listQuery,
  listSchema,
  nameAndEmailFilters,
  pageLimitParam,
  type ListEnvelope,
} from "./list.js";
export {
  createMerchantBody,
  merchantListQuery,
  merchantSchema,
  presentMerchant,
  updateMerchantBody,
  type Merchant,
} from "./merchant.js";
export { presentProduct, productBody, productSchema, type Product } from "./product.js";
export { presentRateLookup, rateLookupSchema, type RateLookup } from "./rate-lookup.js";
export {
  calculateMessage,
  calculatePlatformMessage,
  createMerchantMessage,
  customerMessage,
  orderMessage,
  updateMerchantMessage,
} from "./request-messages.js";
export {
  listedRefundSchema,
  presentRefund,
  presentRefundWithoutType,
  refundBody,
  refundReversalBody,
} from "./refund.js";
export { refundSchema, transactionRefundsSchema, type ListedRefund, type Refund } from "./refund.js";
export { presentSalesSummary, salesSummarySchema, type SalesSummary } from "./sales-summary.js";
export { jurisdictionSchema, lineProductSchema, presentJurisdiction, presentLineProduct } from "./tax-line.js";
export {
  metadataBody,
  platformTransactionBody,
  platformTransactionsSchema,
  presentTransaction,
} from "./transaction.js";
export { transactionBody, transactionSchema, type Transaction } from "./transaction.js";
export {
  defaultLookupAmount,
  filingListQuery,
  rateLookupPlace,
  rateLookupQuery,
  salesSummaryQuery,
  transactionListQuery,
} from "./read-queries.js";
export {
  webhookDeliveryOutput,
  webhookEndpointBody,
  webhookEndpointDeletedOutput,
  webhookEndpointOutput,
  webhookEventTypes,
  type WebhookEventType,
} from "./webhook.js";
