// The gateway's OpenAPI document, built once per process from the route table.
import { buildOpenApiDocument } from "./build-document.js";
import { routeTable } from "./route-table.js";

let built: Record<string, unknown> | undefined;

export function openApiDocument(): Record<string, unknown> {
  built ??= buildOpenApiDocument(routeTable);
  return built;
}
