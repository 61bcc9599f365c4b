// Helm and the offline manifest validator, as the chart tests use them. Both are built
// by deploy/test-infra/provision.sh (cached under .cache/tools/bin); provisionChartTools
// fails the run when they cannot be built, it never skips.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const toolsBin = path.join(process.env.LEVY_CACHE ?? path.join(repoRoot, ".cache"), "tools", "bin");
export const chartDir = path.join(repoRoot, "helm", "levy");
export const productionValues = path.join(chartDir, "ci", "production-values.yaml");

/** A rendered object as the validator decoded it (Kubernetes' own JSON form). */
export interface K8sObject {
  readonly kind: string;
  readonly metadata: {
    readonly name: string;
    readonly labels?: Record<string, string>;
    readonly annotations?: Record<string, string>;
  };
  readonly spec?: any;
  readonly data?: Record<string, string>;
}

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], input?: string): Run {
  const result = spawnSync(command, args, { input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Builds (or finds cached) Helm and manifest-check; throws with the script's output otherwise. */
export function provisionChartTools(): void {
  const result = run(path.join(repoRoot, "deploy", "test-infra", "provision.sh"), ["helm"]);
  if (result.status !== 0) throw new Error(`provision.sh helm failed (exit ${result.status}):\n${result.stderr}`);
}

export function helm(...args: string[]): Run {
  return run(path.join(toolsBin, "helm"), args);
}

/** helm template with the given values files and --set pairs; throws when rendering fails. */
export function render(options: { namespace?: string; values?: string[]; set?: string[] } = {}): string {
  const args = ["template", "rel", chartDir, "--namespace", options.namespace ?? "levy"];
  for (const file of options.values ?? []) args.push("--values", file);
  for (const pair of options.set ?? []) args.push("--set", pair);
  const result = helm(...args);
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return result.stdout;
}

/** Runs manifest-check on a YAML stream: the decoded objects, or its complaints. */
export function validate(manifests: string): {
  readonly ok: boolean;
  readonly objects: K8sObject[];
  readonly problems: string;
} {
  const result = run(path.join(toolsBin, "manifest-check"), [], manifests);
  if (result.status === 2) throw new Error(`manifest-check could not run: ${result.stderr}`);
  return {
    ok: result.status === 0,
    objects: result.status === 0 ? JSON.parse(result.stdout) : [],
    problems: result.stderr,
  };
}

/** Renders and validates; throws with the validator's findings when invalid. */
export function renderValid(options: Parameters<typeof render>[0] = {}): K8sObject[] {
  const checked = validate(render(options));
  if (!checked.ok) throw new Error(`rendered manifests are invalid:\n${checked.problems}`);
  return checked.objects;
}

export function ofKind(objects: readonly K8sObject[], kind: string): K8sObject[] {
  return objects.filter((object) => object.kind === kind);
}

/** The service a component's object belongs to (app.kubernetes.io/component). */
export function componentOf(object: K8sObject): string | undefined {
  return object.metadata.labels?.["app.kubernetes.io/component"];
}
