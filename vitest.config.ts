import { defineConfig } from "vitest/config";

// Two projects: "unit" needs nothing outside the process (embedded adapters, domain
// rules, gateway on port 0); "integration" (*.int.test.ts) runs against real FerretDB
// and Kafka started by deploy/test-infra/start.sh through test/setup/infra.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["libs/*/src/**/*.test.ts", "services/*/src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "**/dist/**"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/**/*.int.test.ts", "libs/*/src/**/*.int.test.ts", "services/*/src/**/*.int.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
          globalSetup: ["test/setup/infra.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Integration files share one FerretDB and one Kafka; run them one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
