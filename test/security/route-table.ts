// The gateway's route table, read from its source: the mounts in http/app.ts
// (`tax.use("/customers", customerRoutes(...))`, `app.use("/admin/v1", adminRoutes(...))`)
// joined with each router factory's `router.get|post|delete("/path", ...)`. The fuzz
// catalogue is checked against it, so a new route without a fuzz entry fails a test.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface RouteTemplate {
  readonly method: string;
  /** Full path with express parameters, e.g. /tax/customers/:customer_id */
  readonly path: string;
}

const httpDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../services/gateway/src/http");

/** Each router factory's routes, keyed by the factory's name. */
function routesByFactory(): Map<string, RouteTemplate[]> {
  const factories = new Map<string, RouteTemplate[]>();
  for (const file of readdirSync(httpDir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
    const source = readFileSync(path.join(httpDir, file), "utf8");
    // Split at each exported function: its routes are the router calls until the next one.
    const parts = source.split(/^export function /m).slice(1);
    for (const part of parts) {
      const name = /^(\w+)/.exec(part)![1]!;
      const routes = [...part.matchAll(/router\.(get|post|put|patch|delete)\(\s*"([^"]+)"/g)].map((match) => ({
        method: match[1]!.toUpperCase(),
        path: match[2]!,
      }));
      if (routes.length > 0) factories.set(name, routes);
    }
  }
  return factories;
}

export function gatewayRouteTable(): RouteTemplate[] {
  const app = readFileSync(path.join(httpDir, "app.ts"), "utf8");
  const factories = routesByFactory();
  const table: RouteTemplate[] = [];
  for (const match of app.matchAll(/\b(app|tax)\.use\(\s*"([^"]+)",\s*(\w+)\(/g)) {
    const prefix = (match[1] === "tax" ? "/tax" : "") + match[2]!;
    const routes = factories.get(match[3]!);
    if (!routes) throw new Error(`no routes found for router factory ${match[3]} mounted at ${prefix}`);
    for (const route of routes)
      table.push({ method: route.method, path: route.path === "/" ? prefix : `${prefix}${route.path}` });
  }
  return table;
}

export const routeKey = (route: RouteTemplate) => `${route.method} ${route.path}`;
