// Merchant RPCs, with the field rules the store does not see: e-mail format, tax ID
// formats per type, and an address that names its country and can be placed.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { LevyError, addressFields, addressMessage, invalidField, scopeFrom, pageSize } from "@levy/kit";
import type { CatalogService, MerchantSchema } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { TaxId as TaxIdMessage } from "@levy/proto/levy/common/v1/common_pb.js";
import type { Address } from "@levy/proto/levy/common/v1/common_pb.js";
import type { Scope, Stored } from "@levy/storage";
import type { AddressCheck } from "../adapters/address-check.js";
import type { MerchantStore } from "../adapters/merchant-store.js";
import { isValidEmail } from "../domain/customer.js";
import {
  type MerchantAddress,
  type MerchantRecord,
  assertReferenceMerchantId,
  merchantAddress,
} from "../domain/merchant.js";
import { type TaxId, normalizeTaxIdValue, taxIdProblem } from "../domain/tax-id.js";
import { withCursorErrors } from "./paging.js";

type MerchantHandlers = Pick<
  ServiceImpl<typeof CatalogService>,
  "createMerchant" | "getMerchant" | "listMerchants" | "updateMerchant" | "deleteMerchant"
>;

function addressRecord(address: Address | undefined): MerchantAddress | null {
  return address ? merchantAddress(addressFields(address)) : null;
}

function taxIdRecords(taxIds: readonly TaxIdMessage[]): TaxId[] {
  return taxIds.map((taxId, index) => {
    const problem = taxIdProblem(taxId);
    if (problem) throw invalidField(`tax_ids[${index}]`, problem);
    return { type: taxId.type, value: normalizeTaxIdValue(taxId.type, taxId.value) };
  });
}

function checkEmail(email: string | undefined): void {
  if (email !== undefined && email !== "" && !isValidEmail(email)) {
    throw new LevyError("invalid_email", "email is not a valid e-mail address", { field: "email" });
  }
}

function merchantMessage(record: Stored<MerchantRecord>, scope: Scope): MessageInitShape<typeof MerchantSchema> {
  const address = record.default_address;
  return {
    id: record.id,
    referenceMerchantId: record.reference_merchant_id,
    name: record.name,
    email: record.email ?? "",
    ...(address ? { defaultAddress: addressMessage(address) } : {}),
    taxIds: record.tax_ids.map((taxId) => ({ ...taxId })),
    createdAt: BigInt(record.created_at),
    updatedAt: BigInt(record.updated_at),
    livemode: scope.livemode,
  };
}

export function merchantHandlers(merchants: MerchantStore, checkAddress: AddressCheck): MerchantHandlers {
  /** The address as stored, once the rules calculations use can place it. */
  async function checkedAddress(address: Address | undefined): Promise<MerchantAddress | null> {
    const record = addressRecord(address);
    if (record) await checkAddress(record, "default_address");
    return record;
  }

  return {
    createMerchant: async (request) => {
      const scope = scopeFrom(request.scope);
      checkEmail(request.email);
      assertReferenceMerchantId(request.referenceMerchantId);
      const taxIds = taxIdRecords(request.taxIds);
      const record = await merchants.create(scope, {
        reference_merchant_id: request.referenceMerchantId,
        name: request.name,
        email: request.email || null,
        default_address: await checkedAddress(request.defaultAddress),
        tax_ids: taxIds,
      });
      return { merchant: merchantMessage(record, scope) };
    },
    getMerchant: async (request) => {
      const scope = scopeFrom(request.scope);
      return { merchant: merchantMessage(await merchants.find(scope, request.merchantId), scope) };
    },
    listMerchants: async (request) => {
      const scope = scopeFrom(request.scope);
      const filters = { email: request.email || undefined, namePrefix: request.namePrefix || undefined };
      const page = await withCursorErrors(
        merchants.list(scope, pageSize(request.limit), request.cursor || undefined, filters),
      );
      return {
        merchants: page.items.map((record) => merchantMessage(record, scope)),
        nextCursor: page.nextCursor ?? "",
      };
    },
    updateMerchant: async (request) => {
      const scope = scopeFrom(request.scope);
      checkEmail(request.email);
      const taxIds = request.setTaxIds ? taxIdRecords(request.taxIds) : undefined;
      const record = await merchants.update(scope, request.merchantId, {
        name: request.name,
        email: request.email,
        default_address: (await checkedAddress(request.defaultAddress)) ?? undefined,
        tax_ids: taxIds,
      });
      return { merchant: merchantMessage(record, scope) };
    },
    deleteMerchant: async (request) => {
      const scope = scopeFrom(request.scope);
      const deleted = await merchants.delete(scope, request.merchantId);
      return { id: deleted.id, deletedAt: BigInt(deleted.deleted_at ?? 0) };
    },
  };
}
