// A recorded sale. The full record (line items, jurisdictions, refunds) grows with the
// ledger issue; these are the fields every transaction has.
export interface TransactionRecord {
  id: string;
  calculation_id: string;
  reference_order_id: string;
  currency_code: string;
  total_tax_amount: number;
  transaction_processed_at: number;
  created_at: number;
  deleted_at: number | null;
}

export const transactionCollection = {
  name: "transactions",
  uniqueIndexes: [{ name: "transactions_reference_order", fields: ["reference_order_id"] }],
} as const;
