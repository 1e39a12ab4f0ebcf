import { accountOperations } from "./account";
import { apiKeyOperations } from "./api-keys";
import { auditOperations } from "./audit";
import { classifierOperations } from "./classifiers";
import { connectionOperations } from "./connections";
import { documentOperations } from "./documents";
import { exportOperations } from "./exports";
import type { Operation } from "./common";
import { fieldOperations } from "./fields";
import { folderOperations } from "./folders";
import { learningOperations } from "./learning";
import { myInvitationOperations } from "./invitations";
import { memberOperations } from "./members";
import { parserPreviewOperations } from "./parser-preview";
import { pageWordOperations } from "./page-words";
import { parserOperations } from "./parsers";
import { preferenceOperations } from "./preferences";
import { reviewBulkOperations } from "./review-bulk";
import { reviewCheckOperations } from "./review-checks";
import { reviewOperations } from "./reviews";
import { sessionOperations } from "./session";
import { usageOperations } from "./usage";
import { webhookOperations } from "./webhooks";

/** Every /api/v1 operation. The OpenAPI document and the route-coverage test walk this list. */
export const operationGroups = {
  session: sessionOperations,
  account: accountOperations,
  apiKeys: apiKeyOperations,
  members: memberOperations,
  myInvitations: myInvitationOperations,
  parsers: parserOperations,
  fields: fieldOperations,
  folders: folderOperations,
  audit: auditOperations,
  documents: documentOperations,
  pageWords: pageWordOperations,
  exports: exportOperations,
  reviews: reviewOperations,
  reviewChecks: reviewCheckOperations,
  reviewBulk: reviewBulkOperations,
  preferences: preferenceOperations,
  connections: connectionOperations,
  usage: usageOperations,
  classifiers: classifierOperations,
  webhooks: webhookOperations,
  learning: learningOperations,
  parserPreview: parserPreviewOperations,
} as const;

export const allOperations: Operation[] = Object.values(operationGroups).flatMap((group) => Object.values(group) as Operation[]);
