import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { ClassifierSchema, CreateClassifierSchema, UpdateClassifierSchema } from "@/lib/contracts/classifiers";
import { createClassifier, getClassifier, listClassifiers, updateClassifier } from "@/lib/services/classifiers";
import { described, ids } from "../input";
import { addTool, type McpDeps } from "../tool";

const CLASSIFIER_ID = "The classifier's id (a UUID; list_classifiers shows them)";
const ROUTING =
  "{rules: [{id? (send back to keep a rule), label (a document type such as Invoice), targetParserId (an active parser of the team)}] (at least one, labels unique), fallback?: {action: skip | route, targetParserId? (required for route)} (default skip), instructions? (how to tell the types apart)}";

const descriptions = {
  name: "Display name (1–200 characters)",
  description: "What the classifier is for",
  acceptedFileTypes: "Accepted MIME types such as application/pdf; omitted on create: PDF and common image types",
  routing: `Routing rules: each document is classified against the rule labels and sent to the first matching rule's parser, else to the fallback. ${ROUTING}`,
  splitDocuments: "{enabled, mode: everyXPages | pageRanges, everyXPages?, pageRanges?}: cut uploads into several documents before classifying",
  isActive: "false: the classifier takes no new documents",
};

export function registerClassifierTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "list_classifiers",
    title: "List classifiers",
    description: "The team's classifiers (they sort incoming documents by type and route each to a parser) with their routing rules and document counts.",
    input: z.strictObject({}),
    output: z.object({ data: z.array(ClassifierSchema) }),
    permission: "classifiers.read",
    annotations: { readOnlyHint: true },
    run: async ({ ctx }) => ({ data: await listClassifiers(ctx) }),
  });

  addTool(server, deps, {
    name: "get_classifier",
    title: "Get a classifier",
    description: "One classifier with its routing rules, fallback, split settings and document counts.",
    input: z.strictObject(described({ classifierId: ids.classifierId }, { classifierId: CLASSIFIER_ID })),
    output: ClassifierSchema,
    permission: "classifiers.read",
    annotations: { readOnlyHint: true },
    run: ({ ctx, args }) => getClassifier(ctx, args.classifierId),
  });

  addTool(server, deps, {
    name: "create_classifier",
    title: "Create a classifier",
    description:
      "Creates a classifier that routes each uploaded document to a parser by its type. Every target parser must be an active parser of the team. Documents are sent to it with upload_document_by_url (classifierId).",
    input: CreateClassifierSchema.safeExtend(described(CreateClassifierSchema.shape, descriptions)),
    output: ClassifierSchema,
    permission: "classifiers.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: ({ ctx, args }) => createClassifier(ctx, args),
  });

  addTool(server, deps, {
    name: "update_classifier",
    title: "Update a classifier or its routing rules",
    description:
      "Changes a classifier; only the keys given change. `routing` replaces the whole routing group: send every rule to keep (with its id), the fallback and the instructions.",
    input: UpdateClassifierSchema.safeExtend(
      described({ classifierId: ids.classifierId, ...UpdateClassifierSchema.shape }, { classifierId: CLASSIFIER_ID, ...descriptions }),
    ),
    output: ClassifierSchema,
    permission: "classifiers.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: ({ ctx, args: { classifierId, ...body } }) => updateClassifier(ctx, { classifierId, input: body }),
  });
}
