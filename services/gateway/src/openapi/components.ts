// The document's named schemas: each resource of the public contract once under
// components/schemas (Customer, Transaction, ...), and every body and response that is
// not itself a resource under its operation's name; nested resources become $refs.
import {
  accountSchema,
  addressBody,
  addressSchema,
  apiKeySchema,
  buyerSchema,
  calculationSchema,
  certificateRequestSchema,
  certificateSchema,
  customerSchema,
  flatErrorSchema,
  issuedKeySchema,
  jurisdictionSchema,
  lineProductSchema,
  listedCertificateSchema,
  listedRefundSchema,
  listedUploadSchema,
  merchantSchema,
  nestedErrorSchema,
  platformCalculationSchema,
  productSchema,
  refundLineSchema,
  refundSchema,
  taxIdBody,
  taxIdSchema,
  transactionLineSchema,
  transactionSchema,
  uploadSchema,
} from "@levy/presenters";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/** Resources as Levy answers them. */
const resources: ReadonlyArray<readonly [string, z.ZodType]> = [
  ["Account", accountSchema],
  ["Address", addressSchema],
  ["ApiKey", apiKeySchema],
  ["Buyer", buyerSchema],
  ["Calculation", calculationSchema],
  ["Certificate", certificateSchema],
  ["CertificateRequest", certificateRequestSchema],
  ["Customer", customerSchema],
  ["FlatError", flatErrorSchema],
  ["IssuedKey", issuedKeySchema],
  ["Jurisdiction", jurisdictionSchema],
  ["LineProduct", lineProductSchema],
  ["ListedCertificate", listedCertificateSchema],
  ["ListedRefund", listedRefundSchema],
  ["ListedUpload", listedUploadSchema],
  ["Merchant", merchantSchema],
  ["NestedError", nestedErrorSchema],
  ["PlatformCalculation", platformCalculationSchema],
  ["Product", productSchema],
  ["Refund", refundSchema],
  ["RefundLine", refundLineSchema],
  ["TaxId", taxIdSchema],
  ["Transaction", transactionSchema],
  ["TransactionLine", transactionLineSchema],
  ["Upload", uploadSchema],
];

/** Parts of request bodies, as callers send them. */
const inputs: ReadonlyArray<readonly [string, z.ZodType]> = [
  ["AddressInput", addressBody],
  ["TaxIdInput", taxIdBody],
];

const reference = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export interface Components {
  /** A $ref to the schema's component, registered under `name` unless it is a resource. */
  response(schema: z.ZodType, name: string): JsonSchema;
  body(schema: z.ZodType, name: string): JsonSchema;
  /** components/schemas, once every response and body is registered. */
  schemas(): Record<string, JsonSchema>;
}

export function createComponents(): Components {
  const outputs = z.registry<{ id: string }>();
  const bodies = z.registry<{ id: string }>();
  for (const [id, schema] of resources) outputs.add(schema, { id });
  for (const [id, schema] of inputs) bodies.add(schema, { id });
  const register = (registry: typeof outputs, schema: z.ZodType, name: string) => {
    const known = registry.get(schema)?.id;
    if (known) return reference(known);
    registry.add(schema, { id: name });
    return reference(name);
  };
  const convert = (registry: typeof outputs, io: "input" | "output") => {
    const { schemas } = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      uri: (id) => `#/components/schemas/${id}`,
    }) as { schemas: Record<string, JsonSchema> };
    // Each is a part of the document, not a JSON Schema document of its own.
    return Object.fromEntries(
      Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]),
    );
  };
  return {
    response: (schema, name) => register(outputs, schema, name),
    body: (schema, name) => register(bodies, schema, name),
    schemas: () => ({ ...convert(outputs, "output"), ...convert(bodies, "input") }),
  };
}
