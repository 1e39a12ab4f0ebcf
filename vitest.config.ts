import path from "node:path";
import { defineConfig } from "vitest/config";
import { SecretsScanLastSequencer } from "./tests/support/secrets-scan-last";

const alias = {
  "@": path.resolve(__dirname),
  // `server-only` throws outside Next's react-server graph; tests run server code directly.
  "server-only": path.resolve(__dirname, "lib/testing/server-only-stub.ts"),
};

export default defineConfig({
  test: {
    // Sequencing is a root option; this one only moves the integration suite's secrets scan to the end.
    sequence: { sequencer: SecretsScanLastSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // Service tests open and migrate a PGlite database in beforeAll: seconds alone, far more on a busy 2-core box.
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
