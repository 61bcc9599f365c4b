// Every tool the bridge can offer. Adding a tool: write its module (see registry.ts)
// and list it here; tools/list, tools/call and the operator's ListTools follow.
import type { ToolDefinition } from "./registry.js";
import { getCertificate } from "./read/get-certificate.js";
import { getCertificateRequest } from "./read/get-certificate-request.js";
import { getCertificateUpload } from "./read/get-certificate-upload.js";
import { getCustomer } from "./read/get-customer.js";
import { getFiling } from "./read/get-filing.js";
import { getMerchant } from "./read/get-merchant.js";
import { getProduct } from "./read/get-product.js";
import { getSalesSummary } from "./read/get-sales-summary.js";
import { getTransaction } from "./read/get-transaction.js";
import { getTransactionByOrder } from "./read/get-transaction-by-order.js";
import { listCertificateRequests } from "./read/list-certificate-requests.js";
import { listCertificateUploads } from "./read/list-certificate-uploads.js";
import { listCertificates } from "./read/list-certificates.js";
import { listCustomers } from "./read/list-customers.js";
import { listFilings } from "./read/list-filings.js";
import { listMerchants } from "./read/list-merchants.js";
import { listProducts } from "./read/list-products.js";
import { listRefunds } from "./read/list-refunds.js";
import { listTaxCategories } from "./read/list-tax-categories.js";
import { listTransactions } from "./read/list-transactions.js";
import { lookupTaxRate } from "./read/lookup-tax-rate.js";
import { calculatePlatformTax } from "./calculate/calculate-platform-tax.js";
import { calculateTax } from "./calculate/calculate-tax.js";
import { approveFiling } from "./write/approve-filing.js";
import { cancelCertificateRequest } from "./write/cancel-certificate-request.js";
import { createCustomer } from "./write/create-customer.js";
import { createBuyer } from "./write/create-buyer.js";
import { createMerchant } from "./write/create-merchant.js";
import { deleteMerchant } from "./write/delete-merchant.js";
import { createProduct } from "./write/create-product.js";
import { deleteProduct } from "./write/delete-product.js";
import { linkBuyer } from "./write/link-buyer.js";
import { rejectFiling } from "./write/reject-filing.js";
import { updateCustomer } from "./write/update-customer.js";
import { updateMerchant } from "./write/update-merchant.js";
import { updateProduct } from "./write/update-product.js";
import { uploadCertificate } from "./write/upload-certificate.js";

export const allTools: readonly ToolDefinition[] = [
  listTaxCategories,
  getSalesSummary,
  listTransactions,
  getTransaction,
  getTransactionByOrder,
  lookupTaxRate,
  calculateTax,
  calculatePlatformTax,
  listRefunds,
  listFilings,
  getFiling,
  listMerchants,
  getMerchant,
  listProducts,
  getProduct,
  listCustomers,
  getCustomer,
  listCertificates,
  getCertificate,
  listCertificateUploads,
  getCertificateUpload,
  listCertificateRequests,
  getCertificateRequest,
  createProduct,
  updateProduct,
  deleteProduct,
  approveFiling,
  rejectFiling,
  uploadCertificate,
  createBuyer,
  linkBuyer,
  createCustomer,
  updateCustomer,
  cancelCertificateRequest,
  createMerchant,
  updateMerchant,
  deleteMerchant,
];
