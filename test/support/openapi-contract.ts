// The response-validation hook of the REST test client: every answer the suites receive
// is checked against the gateway's own OpenAPI document (GET /openapi.json, fetched once
// per gateway). A documented route must answer a documented status with a body its schema
// accepts (no undocumented field); a documented path asked with another method, or an
// undocumented path, must answer an error in the documented error shape.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

interface Operation {
  readonly responses: Record<string, { content?: Record<string, unknown> } | Reference>;
}
interface Reference {
  readonly $ref: string;
}
interface Document {
  readonly info: { readonly "x-api-versions": readonly string[]; readonly "x-flat-errors-from": string };
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly responses?: Record<string, { content?: Record<string, unknown> }> };
}

export interface ObservedResponse {
  readonly method: string;
  /** Path with query, as the test asked it. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
  /** The X-API-Version header sent, if any: a known version picks the error shape. */
  readonly apiVersion?: string;
}

interface Contract {
  readonly document: Document;
  readonly ajv: Ajv2020;
  readonly templates: readonly { readonly template: string; readonly pattern: RegExp; readonly params: number }[];
}

const contracts = new Map<string, Promise<Contract>>();
const documentId = "openapi.json";

async function loadContract(baseUrl: string): Promise<Contract> {
  const response = await fetch(`${baseUrl}/openapi.json`);
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  const document = (await response.json()) as Document;
  // The document is not itself a JSON Schema: its parts are reached by $ref pointers.
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, documentId);
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replaceAll(/[.]/g, "\\.").replaceAll(/\{[^}]+\}/g, "[^/]+")}/?$`, "i"),
    params: (template.match(/\{/g) ?? []).length,
  }));
  return { document, ajv, templates };
}

const pointer = (...parts: string[]) =>
  `${documentId}#/${parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;

function check(contract: Contract, schemaRef: string, body: unknown, what: string): void {
  const validate = contract.ajv.getSchema(schemaRef) ?? contract.ajv.compile({ $ref: schemaRef });
  if (!validate(body)) {
    const problems = contract.ajv.errorsText(validate.errors, { separator: "; " });
    throw new Error(
      `${what}: the body does not match the OpenAPI document (${problems}): ${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}

const errorSchema = {
  anyOf: [
    { $ref: pointer("components", "schemas", "FlatError") },
    { $ref: pointer("components", "schemas", "NestedError") },
  ],
};

function checkError(contract: Contract, observed: ObservedResponse, what: string): void {
  if (observed.status < 400)
    throw new Error(`${what}: answered ${observed.status}, but the OpenAPI document has no such route`);
  const validate = contract.ajv.compile(errorSchema);
  if (!validate(observed.body))
    throw new Error(
      `${what}: the error body is in neither documented error shape: ${JSON.stringify(observed.body).slice(0, 300)}`,
    );
}

/** With a known X-API-Version sent, the error is in that version's shape, not merely in either. */
function checkErrorShapeOfVersion(contract: Contract, observed: ObservedResponse, what: string): void {
  const { info } = contract.document;
  const version = observed.apiVersion;
  if (version === undefined || !info["x-api-versions"].includes(version)) return;
  const shape = version >= info["x-flat-errors-from"] ? "FlatError" : "NestedError";
  const validate = contract.ajv.getSchema(pointer("components", "schemas", shape))!;
  if (!validate(observed.body))
    throw new Error(
      `${what}: X-API-Version ${version} errors are ${shape}, got ${JSON.stringify(observed.body).slice(0, 300)}`,
    );
}

/** Throws, naming the route and the disagreement, when the answer is not what the document says. */
export async function assertDocumentedResponse(baseUrl: string, observed: ObservedResponse): Promise<void> {
  let loading = contracts.get(baseUrl);
  if (!loading) {
    loading = loadContract(baseUrl);
    contracts.set(baseUrl, loading);
  }
  const contract = await loading;
  // The path as fetch sent it: dot segments resolved (/a/../b is /b), the query left out.
  const path = new URL(observed.path, "http://levy.invalid").pathname;
  const method = observed.method.toLowerCase();
  const what = `${observed.method} ${path} → ${observed.status}`;
  const candidates = contract.templates.filter(({ pattern }) => pattern.test(path)).sort((a, b) => a.params - b.params);
  const template = candidates.find((candidate) => contract.document.paths[candidate.template]![method]);
  if (!template || method === "head") {
    checkError(contract, observed, what);
    checkErrorShapeOfVersion(contract, observed, what);
    return;
  }
  const responses = contract.document.paths[template.template]![method]!.responses;
  const listed = responses[String(observed.status)];
  // Shared responses (the errors) are $refs to components/responses.
  const documented =
    listed && "$ref" in listed
      ? contract.document.components.responses?.[listed.$ref.replace("#/components/responses/", "")]
      : listed;
  if (!documented) {
    throw new Error(
      `${what}: status ${observed.status} is not documented for ${observed.method} ${template.template} (documented: ${Object.keys(responses).join(", ")})`,
    );
  }
  if (observed.status >= 400) checkErrorShapeOfVersion(contract, observed, what);
  const mediaTypes = Object.keys(documented.content ?? {});
  const mediaType = observed.contentType.split(";")[0]!.trim();
  if (!mediaTypes.includes(mediaType)) {
    throw new Error(
      `${what}: content type ${mediaType || "(none)"} is not documented (documented: ${mediaTypes.join(", ")})`,
    );
  }
  if (mediaType !== "application/json") return;
  const responsePath =
    listed && "$ref" in listed
      ? ["components", "responses", listed.$ref.replace("#/components/responses/", "")]
      : ["paths", template.template, method, "responses", String(observed.status)];
  check(contract, pointer(...responsePath, "content", mediaType, "schema"), observed.body, what);
}
