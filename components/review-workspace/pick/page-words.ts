"use client";

import { useEffect, useState } from "react";
import { loadDocumentWordsAction } from "@/components/review-workspace/actions";
import type { PageWords } from "@/lib/contracts/page-words";
import { mendOcrWord } from "@/lib/normalise/ocr-words";
import { rotateBox, type Rect } from "../geometry";
import type { PickWord } from "./phrases";

/**
 * The words of a page in the page slot's own fractions (0–1 of the slot as displayed, turns included): what
 * picking reads, whichever viewer shows the page. pdf.js's text layer is read where the page has one (it lies
 * exactly over the painted text); images and scanned pages use the engine's words (GET …/words).
 */
const requests = new Map<string, Promise<PageWords | null>>();

function loadWords(parserId: string, documentId: string): Promise<PageWords | null> {
  let request = requests.get(documentId);
  if (!request) {
    request = loadDocumentWordsAction(parserId, documentId)
      .then((result) => (result.ok ? result.data : null))
      .catch(() => null);
    // A failed load is asked again next time rather than remembered.
    void request.then((words) => {
      if (!words) requests.delete(documentId);
    });
    requests.set(documentId, request);
  }
  return request;
}

/** How many times a failed load of the words is asked again in one view, and the first wait between tries. */
const WORD_LOAD_TRIES = 6;
const WORD_LOAD_FIRST_WAIT_MS = 500;

/**
 * The engine's words of a document, loaded once per document when `enabled` (after the first page is up). A failed
 * load (a busy server, a dropped request) is tried again with a doubling wait: without the words a click on an
 * image picks nothing, and the reviewer would have no way to ask again short of reloading the page.
 */
export function useEngineWords(parserId: string, documentId: string, enabled: boolean): PageWords | null {
  const [loaded, setLoaded] = useState<{ documentId: string; words: PageWords } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number) => {
      void loadWords(parserId, documentId).then((words) => {
        if (!current) return;
        if (words) setLoaded({ documentId, words });
        else if (tries + 1 < WORD_LOAD_TRIES) retry = setTimeout(() => attempt(tries + 1), WORD_LOAD_FIRST_WAIT_MS * 2 ** tries);
      });
    };
    attempt(0);
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [documentId, enabled, parserId]);
  return loaded?.documentId === documentId ? loaded.words : null;
}

/**
 * The engine's words of one page, turned with the page by the viewer's rotation. What OCR read is mended where one
 * look-alike character is plainly out of place (`T0TAL`, `1O.50`: lib/normalise/ocr-words.ts), so a pick fills
 * the word the engine's values would read, not the raw slip.
 */
export function engineWordsOfPage(words: PageWords | null, pageNumber: number, rotation: number): PickWord[] {
  const page = words?.pages.find((candidate) => candidate.page === pageNumber);
  if (!page) return [];
  return page.words.map((word) => {
    const box = rotateBox(word, rotation);
    return { text: mendOcrWord(word.text), rect: { left: box.x, top: box.y, right: box.x + box.w, bottom: box.y + box.h }, phrase: word.line };
  });
}

/** pdf.js's text layer words inside a page slot, in the slot's fractions. */
export function textLayerWords(slot: HTMLElement): PickWord[] {
  const textLayer = slot.querySelector(".textLayer");
  if (!textLayer) return [];
  const origin = slot.getBoundingClientRect();
  if (origin.width === 0 || origin.height === 0) return [];
  const toFraction = (rect: DOMRect): Rect => ({
    left: (rect.left - origin.left) / origin.width,
    top: (rect.top - origin.top) / origin.height,
    right: (rect.right - origin.left) / origin.width,
    bottom: (rect.bottom - origin.top) / origin.height,
  });
  const words: PickWord[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(textLayer, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    for (const match of text.matchAll(/\S+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) words.push({ text: match[0], rect: toFraction(rect) });
    }
  }
  return words;
}
