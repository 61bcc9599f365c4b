// The methods the gateway's routes answer for a path, read from express's own route table
// (nested routers included), so that a known path asked with another method answers 405
// with an Allow header instead of 404 (docs/decisions.md: method_not_allowed). Reading the
// table keeps one list of routes: nothing to update when a route is added.

/** The parts of an express 5 (router 2) layer read here. */
interface Layer {
  match(path: string): { readonly path: string } | false;
  readonly route?: { readonly path: string; _methods(): string[] };
  readonly handle: unknown;
  /** The path the layer was registered with ("/" for app.use(fn)). */
  readonly rawPath?: unknown;
}

interface RouteTable {
  readonly stack: readonly Layer[];
}

function isRouteTable(handle: unknown): handle is RouteTable {
  return typeof handle === "function" && Array.isArray((handle as Partial<RouteTable>).stack);
}

function collect(table: RouteTable, path: string, into: Set<string>): void {
  for (const layer of table.stack) {
    const match = layer.match(path);
    if (!match) continue;
    if (layer.route) {
      for (const method of layer.route._methods()) into.add(method);
    } else if (isRouteTable(layer.handle)) {
      // A mounted router sees the path below its mount point, as express hands it on.
      const rest = path.slice(match.path.length);
      collect(layer.handle, rest.startsWith("/") ? rest : `/${rest}`, into);
    }
  }
}

/** Methods in the order HTTP lists them most often: GET, HEAD, POST, PUT, PATCH, DELETE. */
const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The methods routed for `path` (e.g. ["GET", "HEAD", "POST"]), empty when no route has the path. */
export function allowedMethods(router: unknown, path: string): string[] {
  if (!isRouteTable(router)) return [];
  const methods = new Set<string>();
  collect(router, path, methods);
  const rank = (method: string) => (order.includes(method) ? order.indexOf(method) : order.length);
  return [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export interface RegisteredRoute {
  readonly method: string;
  /** Express form, e.g. /tax/customers/:customer_id */
  readonly path: string;
}

/** Every route in express's table (nested routers joined to their mount paths), HEAD left out. */
export function registeredRoutes(router: unknown, prefix = ""): RegisteredRoute[] {
  if (!isRouteTable(router)) return [];
  const routes: RegisteredRoute[] = [];
  for (const layer of router.stack) {
    const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
    if (layer.route) {
      const path = `${prefix}${layer.route.path === "/" && prefix ? "" : layer.route.path}`;
      for (const method of layer.route._methods()) if (method !== "HEAD") routes.push({ method, path });
    } else if (isRouteTable(layer.handle)) {
      routes.push(...registeredRoutes(layer.handle, `${prefix}${mount}`));
    }
  }
  return routes;
}
