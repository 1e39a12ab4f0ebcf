"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { saveDocumentDataAction } from "@/components/review-workspace/actions";
import type { Field } from "@/lib/contracts/fields";
import { fromInputText, sameValue, type ConfidenceThresholds } from "./field-values";
import { markReviewPhase } from "./phase-marks";
import { pathKey, type ValuePath } from "./value-paths";
import type { WorkspaceDocument } from "./workspace-document";

export type SaveStatus = { state: "idle" | "saving" | "saved" | "error"; message?: string };
type UndoEntry = { field: string; before: unknown };
type Row = Record<string, unknown>;

function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? value.map((row) => (typeof row === "object" && row !== null ? { ...(row as Row) } : {})) : [];
}

/** The definition that types a value: the field, or the column of a table cell. */
export function definitionOf(fields: Field[], path: ValuePath): Field | undefined {
  const field = fields.find((candidate) => candidate.name === path.field);
  if (!field || path.row === undefined) return field;
  return field.columns?.find((column) => column.name === path.column);
}

/**
 * The editable data of a document. Inputs hold text drafts; a draft commits (on blur, Enter, or a pick on the
 * page) into a typed value, which is saved at once, one field per request, in order. Only the fields that
 * changed are sent, so two reviewers correcting different fields do not overwrite each other. Every commit can
 * be undone; an undo is saved like any edit.
 */
export function useDocumentData(options: {
  parserId: string;
  documentId: string;
  fields: Field[];
  initialData: Record<string, unknown>;
  initialMetadata: Record<string, unknown>;
  /** The parser's confidence thresholds: where values turn amber and red. */
  thresholds: ConfidenceThresholds;
  /** The status the workspace shows now: a save answering another one reads the document's review again. */
  shownStatus: () => WorkspaceDocument["status"];
  /** The document's status after a save, and its review when it changed elsewhere (null: as a correction leaves it). */
  onSaved: (state: { status: WorkspaceDocument["status"]; review: WorkspaceDocument["review"] | null }) => void;
}) {
  const { parserId, documentId, fields } = options;
  const onSaved = useRef(options.onSaved);
  const shownStatus = useRef(options.shownStatus);
  useEffect(() => {
    onSaved.current = options.onSaved;
    shownStatus.current = options.shownStatus;
  });
  const [values, setValues] = useState(options.initialData);
  const [metadata, setMetadata] = useState(options.initialMetadata);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [undoStack, setUndoStack] = useState<UndoEntry[]>([]);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>({ state: "idle" });

  // The latest values for work that runs after a render (saves read the value when they are sent).
  const valuesRef = useRef(options.initialData);
  const saveChain = useRef<Promise<void>>(Promise.resolve());
  const pendingSaves = useRef(0);
  const failedFields = useRef(new Map<string, string>());

  const enqueueSave = useCallback(
    (field: string) => {
      pendingSaves.current += 1;
      setSaveStatus({ state: "saving" });
      saveChain.current = saveChain.current.then(async () => {
        markReviewPhase("save-sent", documentId);
        const result = await saveDocumentDataAction(parserId, documentId, { [field]: valuesRef.current[field] ?? null }, shownStatus.current()).catch(() => ({
          ok: false as const,
          error: { message: "Could not reach the server. Your change is kept here; try again.", status: 0 },
        }));
        markReviewPhase("save-answered", documentId);
        if (result.ok) {
          failedFields.current.delete(field);
          const saved = result.data.fieldMetadata[field];
          // Keep the local per-cell metadata of tables (rows may have been added or removed here); take the rest.
          setMetadata((current) => ({ ...current, [field]: mergeMetadata(current[field], saved) }));
          onSaved.current({ status: result.data.status, review: result.data.review });
        } else {
          failedFields.current.set(field, result.error.message);
        }
        pendingSaves.current -= 1;
        if (pendingSaves.current === 0) {
          const failure = [...failedFields.current.values()][0];
          setSaveStatus(failure ? { state: "error", message: failure } : { state: "saved" });
        }
      });
    },
    [documentId, parserId],
  );

  const commitValue = useCallback(
    (field: string, value: unknown, options: { undoable?: boolean; editedKey?: string } = {}) => {
      const before = valuesRef.current[field];
      if (sameValue(before, value)) return;
      valuesRef.current = { ...valuesRef.current, [field]: value };
      setValues(valuesRef.current);
      if (options.undoable !== false) setUndoStack((stack) => [...stack, { field, before: before ?? null }]);
      setEdited((current) => new Set(current).add(options.editedKey ?? field));
      enqueueSave(field);
    },
    [enqueueSave],
  );

  const clearDraft = useCallback((key: string) => {
    setDrafts(({ [key]: _dropped, ...rest }) => rest);
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  }, []);

  const setDraft = useCallback((path: ValuePath, text: string) => {
    const key = pathKey(path);
    setDrafts((current) => ({ ...current, [key]: text }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  }, []);

  /** Commits text into a value; false (with the reason shown by the input) when the text does not fit the type. */
  const commitText = useCallback(
    (path: ValuePath, text: string): boolean => {
      const key = pathKey(path);
      const definition = definitionOf(fields, path);
      if (!definition) return false;
      const parsed = fromInputText(definition, text);
      if (!parsed.ok) {
        setDrafts((current) => ({ ...current, [key]: text }));
        setErrors((current) => ({ ...current, [key]: parsed.message }));
        return false;
      }
      clearDraft(key);
      if (path.row === undefined) {
        commitValue(path.field, parsed.value, { editedKey: key });
      } else {
        const rows = rowsOf(valuesRef.current[path.field]);
        if (!rows[path.row]) return false;
        rows[path.row] = { ...rows[path.row], [path.column]: parsed.value };
        commitValue(path.field, rows, { editedKey: key });
      }
      return true;
    },
    [clearDraft, commitValue, fields],
  );

  /**
   * Fills several cells of one row at once (a row picked off the page), as one change and one undo step. Text that
   * does not fit its column's type stays as that cell's draft, with the reason shown.
   */
  const commitRow = useCallback(
    (field: Field, rowIndex: number, texts: Record<string, string>): boolean => {
      const rows = rowsOf(valuesRef.current[field.name]);
      if (!rows[rowIndex]) return false;
      const row = { ...rows[rowIndex] };
      for (const [column, text] of Object.entries(texts)) {
        const definition = field.columns?.find((candidate) => candidate.name === column);
        if (!definition) continue;
        const key = pathKey({ field: field.name, row: rowIndex, column });
        const parsed = fromInputText(definition, text);
        if (parsed.ok) {
          clearDraft(key);
          row[column] = parsed.value;
        } else {
          setDrafts((current) => ({ ...current, [key]: text }));
          setErrors((current) => ({ ...current, [key]: parsed.message }));
        }
      }
      rows[rowIndex] = row;
      commitValue(field.name, rows);
      return true;
    },
    [clearDraft, commitValue],
  );

  /** Replaces a table cell's whole value (a nested table's rows, edited in their own grid). */
  const commitCellValue = useCallback(
    (path: ValuePath & { row: number }, value: unknown) => {
      const rows = rowsOf(valuesRef.current[path.field]);
      if (!rows[path.row]) return;
      rows[path.row] = { ...rows[path.row], [path.column]: value };
      commitValue(path.field, rows, { editedKey: pathKey(path) });
    },
    [commitValue],
  );

  const commitDraft = useCallback(
    (path: ValuePath) => {
      const text = drafts[pathKey(path)];
      return text === undefined ? true : commitText(path, text);
    },
    [commitText, drafts],
  );

  const addRow = useCallback(
    (field: Field) => {
      const empty = Object.fromEntries((field.columns ?? []).map((column) => [column.name, null]));
      commitValue(field.name, [...rowsOf(valuesRef.current[field.name]), empty]);
    },
    [commitValue],
  );

  const removeRow = useCallback(
    (field: Field, index: number) => {
      const rows = rowsOf(valuesRef.current[field.name]);
      rows.splice(index, 1);
      // Drafts and per-cell metadata are addressed by row index: drop the table's drafts, shift its metadata.
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`${field.name}.`))));
      setMetadata((current) => ({ ...current, [field.name]: withoutMetadataRow(current[field.name], index) }));
      commitValue(field.name, rows);
    },
    [commitValue],
  );

  const undo = useCallback((): boolean => {
    const last = undoStack.at(-1);
    if (!last) return false;
    setUndoStack((stack) => stack.slice(0, -1));
    setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== last.field && !key.startsWith(`${last.field}.`))));
    commitValue(last.field, last.before, { undoable: false });
    return true;
  }, [commitValue, undoStack]);

  /** Waits for every save in flight; true when all of them went through. */
  const flush = useCallback(async (): Promise<boolean> => {
    await saveChain.current;
    return failedFields.current.size === 0;
  }, []);

  /**
   * Takes newer data from the server (the page may have come from the prefetch cache) unless the reviewer has
   * started editing here: their edits are newer still and are being saved.
   */
  const replaceIfUntouched = useCallback(
    (fresh: { data: Record<string, unknown>; fieldMetadata: Record<string, unknown> }) => {
      if (undoStack.length > 0 || Object.keys(drafts).length > 0 || pendingSaves.current > 0) return;
      if (sameValue(valuesRef.current, fresh.data) && sameValue(metadata, fresh.fieldMetadata)) return;
      valuesRef.current = fresh.data;
      setValues(fresh.data);
      setMetadata(fresh.fieldMetadata);
    },
    [drafts, metadata, undoStack.length],
  );

  const retry = useCallback(() => {
    for (const field of [...failedFields.current.keys()]) enqueueSave(field);
  }, [enqueueSave]);

  return {
    values,
    metadata,
    thresholds: options.thresholds,
    drafts,
    errors,
    edited,
    saveStatus,
    canUndo: undoStack.length > 0,
    setDraft,
    commitDraft,
    commitText,
    commitRow,
    commitCellValue,
    cancelDraft: (path: ValuePath) => clearDraft(pathKey(path)),
    addRow,
    removeRow,
    undo,
    flush,
    retry,
    replaceIfUntouched,
  };
}

export type DocumentData = ReturnType<typeof useDocumentData>;

function mergeMetadata(local: unknown, saved: unknown): unknown {
  if (typeof saved !== "object" || saved === null) return local;
  const localRows = typeof local === "object" && local !== null ? (local as { rows?: unknown }).rows : undefined;
  return localRows === undefined ? saved : { ...(saved as Record<string, unknown>), rows: localRows };
}

function withoutMetadataRow(tableMetadata: unknown, index: number): unknown {
  if (typeof tableMetadata !== "object" || tableMetadata === null) return tableMetadata;
  const rows = (tableMetadata as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return tableMetadata;
  return { ...(tableMetadata as Record<string, unknown>), rows: rows.filter((_row, rowIndex) => rowIndex !== index) };
}
