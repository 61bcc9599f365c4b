// The certificates service's collections, opened once per store.
import type { Store } from "@levy/storage";
import {
  buyerCollection,
  certificateCollection,
  documentClaimCollection,
  requestCollection,
  uploadCollection,
  type BuyerRecord,
  type CertificateRecord,
  type DocumentClaimRecord,
  type RequestRecord,
  type UploadRecord,
} from "../domain/records.js";

export async function openCollections(store: Store) {
  return {
    buyers: await store.collection<BuyerRecord>(buyerCollection),
    requests: await store.collection<RequestRecord>(requestCollection),
    certificates: await store.collection<CertificateRecord>(certificateCollection),
    uploads: await store.collection<UploadRecord>(uploadCollection),
    claims: await store.collection<DocumentClaimRecord>(documentClaimCollection),
  };
}

export type Collections = Awaited<ReturnType<typeof openCollections>>;
