import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The default order (slowest and failed files first), except that the secrets scan runs last: on PostgreSQL it reads
 * the database the whole integration run wrote to, so it should come after everyone else's activity.
 */
export class SecretsScanLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isScan = (file: TestSpecification) => file.moduleId.endsWith("secrets-at-rest.test.ts");
    return [...sorted.filter((file) => !isScan(file)), ...sorted.filter(isScan)];
  }
}
