"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button, ConfirmDialog, EmptyState, useToast } from "@/components/ui";
import type { ActionResult } from "@/lib/console/action-result";
import type { ReviewStage } from "@/lib/contracts/reviews";
import type { ReviewStageActions } from "./stage-actions";
import { StageDialog, type StageDialogResult } from "./stage-dialog";
import { moveButtonId, StageListItem, type MoveDirection } from "./stage-list-item";

type Person = NonNullable<ReviewStage["reviewer"]>;

const deleteDescription = (stage: ReviewStage | null) =>
  stage && stage.activeDocumentCount > 0
    ? `${stage.activeDocumentCount === 1 ? "1 document in review still has" : `${stage.activeDocumentCount} documents in review still have`} to pass this stage, so it cannot be deleted until they are approved, rejected or reprocessed.`
    : "Documents extracted from now on skip it. Reviews already decided keep their history.";

/**
 * The parser's review stages in order. People with parsers.write add, edit, move and delete them; everyone
 * else reads them. Every change is a server action; the list shows the stage the API answered at once (a new
 * one appears without a reload), then the page is read again with the stages as stored.
 */
export function ReviewStagesEditor({
  parserId,
  stages: storedStages,
  reviewers,
  fieldNames,
  actions,
}: {
  parserId: string;
  stages: ReviewStage[];
  reviewers: Person[];
  fieldNames: string[];
  /** Absent: read-only. */
  actions?: ReviewStageActions;
}) {
  const { toast } = useToast();
  const router = useRouter();
  // The stages as the API last answered here, until the page's own copy catches up.
  const [answered, setAnswered] = useState<{ from: ReviewStage[]; stages: ReviewStage[] } | null>(null);
  const stages = answered && answered.from === storedStages ? answered.stages : storedStages;
  const [dialog, setDialog] = useState<{ stage?: ReviewStage } | null>(null);
  const [deleting, setDeleting] = useState<ReviewStage | null>(null);
  const [busy, setBusy] = useState(false);
  const pendingFocus = useRef<{ stageId: string; direction: MoveDirection; position: number } | null>(null);

  // A moved item may be re-inserted in the DOM, which drops focus: put it back on its move button, or on the
  // other one once it reached an end of the list. Only once the list shows the move: a refresh an earlier save
  // started can land first, with the old order, and focusing then would leave focus on a button the move disables.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || stages.find((stage) => stage.id === pending.stageId)?.position !== pending.position) return;
    pendingFocus.current = null;
    const button = (direction: MoveDirection) => document.getElementById(moveButtonId(pending.stageId, direction)) as HTMLButtonElement | null;
    const preferred = button(pending.direction);
    (preferred && !preferred.disabled ? preferred : button(pending.direction === "up" ? "down" : "up"))?.focus();
  }, [stages]);

  async function settle<T>(pending: Promise<ActionResult<T>>, success: string, shown?: (answer: T) => ReviewStage[]): Promise<StageDialogResult> {
    const result = await pending;
    if (!result.ok) return { ok: false, message: result.error.message, issues: result.error.issues };
    if (shown) setAnswered({ from: storedStages, stages: shown(result.data) });
    router.refresh();
    toast({ title: success, tone: "success" });
    return { ok: true };
  }
  const withStage = (saved: ReviewStage) => [...stages.filter((stage) => stage.id !== saved.id), saved].sort((a, b) => a.position - b.position);

  async function move(stage: ReviewStage, direction: MoveDirection) {
    if (!actions) return;
    const position = stage.position + (direction === "up" ? -1 : 1);
    setBusy(true);
    pendingFocus.current = { stageId: stage.id, direction, position };
    const result = await settle(actions.update(parserId, stage.id, { position }), `Moved “${stage.name}” to position ${position}`);
    setBusy(false);
    if (!result.ok) {
      pendingFocus.current = null;
      toast({ title: "Could not move the stage", description: result.message, tone: "error" });
    }
  }

  return (
    <>
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 className="text-base font-semibold">Review stages</h2>
          <p className="text-muted">
            After extraction, documents go through these stages in order and wait at each one for its reviewer. Conditional stages apply only when the document&apos;s data matches their rules.
          </p>
        </div>
        {actions ? <Button onClick={() => setDialog({})}>Add stage</Button> : null}
      </div>
      {stages.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No review stages"
          description={
            actions
              ? "Documents are marked processed right after extraction. Add a stage to have someone check them first."
              : "Documents of this parser are marked processed right after extraction, without review."
          }
          action={actions ? <Button onClick={() => setDialog({})}>Add stage</Button> : null}
        />
      ) : (
        <ol aria-label="Review stages" aria-busy={busy} className="flex flex-col gap-2">
          {stages.map((stage, index) => (
            <StageListItem
              key={stage.id}
              stage={stage}
              isFirst={index === 0}
              isLast={index === stages.length - 1}
              busy={busy}
              {...(actions ? { onMove: (direction: MoveDirection) => void move(stage, direction), onEdit: () => setDialog({ stage }), onDelete: () => setDeleting(stage) } : {})}
            />
          ))}
        </ol>
      )}
      {dialog && actions ? (
        <StageDialog
          onClose={() => setDialog(null)}
          stage={dialog.stage}
          defaultName={`Stage ${stages.length + 1}`}
          reviewers={reviewers}
          fieldNames={fieldNames}
          onSave={(request) =>
            dialog.stage
              ? settle(actions.update(parserId, dialog.stage.id, request), `Saved “${request.name}”`, withStage)
              : settle(actions.create(parserId, request), `Added “${request.name}”`, withStage)
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ""}”?`}
        description={deleteDescription(deleting)}
        confirmLabel="Delete stage"
        tone="destructive"
        onConfirm={async () => {
          if (!deleting || !actions) return;
          // A refusal (409: documents still at the stage) throws, so the dialog stays open with the API's reason.
          const gone = deleting.id;
          const result = await settle(actions.remove(parserId, gone), `Deleted “${deleting.name}”`, () => stages.filter((stage) => stage.id !== gone));
          if (!result.ok) throw new Error(result.message);
          setDeleting(null);
        }}
      />
    </>
  );
}
