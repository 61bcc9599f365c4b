// A product of the caller's catalogue, keyed by the caller's reference_product_id
// (unique per account and mode), with the tax category that decides its taxability.
export interface ProductRecord {
  /** The reference_product_id: the caller's key is the record's key. */
  id: string;
  reference_product_name: string;
  product_category: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}
