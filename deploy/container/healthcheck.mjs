// Container HEALTHCHECK: exits 0 when this service's /readyz answers 200. The ops port
// is <SERVICE>_OPS_PORT or the service's default, both from the kit's own table, so the
// image needs no per-service port argument. Kubernetes uses its gRPC probes instead.
import { defaultPorts, envPrefix } from "../../libs/kit/dist/service-settings.js";

const service = process.env.LEVY_SERVICE;
if (!(service in defaultPorts)) {
  console.error(`LEVY_SERVICE "${service}" is not a Levy service`);
  process.exit(1);
}
const port = process.env[`${envPrefix(service)}_OPS_PORT`] || defaultPorts[service].ops;
try {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`readyz on port ${port}: ${error.message}`);
  process.exit(1);
}
