"use server";

import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { documentOperations } from "@/lib/contracts/documents";
import { fieldOperations } from "@/lib/contracts/fields";
import { reviewCheckOperations } from "@/lib/contracts/review-checks";
import { runApprovalChecks } from "@/lib/contracts/review-checks-run";

export type ApprovalPreview = { documentId: string; problems: string[] };

/**
 * Before a bulk approval is confirmed: which of the chosen documents the parser's checks would refuse, and why.
 * The same pure checks the API runs on approval, over each document's data as it is now; each parser's fields and
 * rules are read once. Only documents with problems are answered.
 */
export async function bulkApprovalPreviewAction(documents: { parserId: string; documentId: string }[]): Promise<ActionResult<ApprovalPreview[]>> {
  return runAction(async () => {
    const api = await consoleApi();
    const parserIds = [...new Set(documents.map((document) => document.parserId))];
    const parsers = new Map(
      await Promise.all(
        parserIds.map(async (parserId) => {
          const [fields, checks] = await Promise.all([
            api.call(fieldOperations.list, { params: { parserId } }).then((list) => list.data),
            api.call(reviewCheckOperations.get, { params: { parserId } }),
          ]);
          return [parserId, { fields, rules: checks.validationRules }] as const;
        }),
      ),
    );
    const previews = await Promise.all(
      documents.map(async ({ parserId, documentId }) => {
        const parser = parsers.get(parserId)!;
        const document = await api.call(documentOperations.get, { params: { parserId, documentId } });
        const problems = runApprovalChecks(parser.fields, parser.rules, document.data).map((problem) => problem.message);
        return { documentId, problems };
      }),
    );
    return previews.filter((preview) => preview.problems.length > 0);
  });
}
