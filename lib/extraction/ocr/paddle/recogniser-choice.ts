/**
 * Which recogniser network reads the lines, and with which dictionary. The product loads the shipped folded model
 * (sessions.ts); `OCR_RECOGNISER` (an ONNX file) with `OCR_RECOGNISER_DICT` (its dictionary, one character a line)
 * puts another PP-OCR recogniser in its place for a benchmark (bench:ocr, scripts/ocr), e.g. an English or
 * Latin-script one. That model runs as published: not folded, and decoded from its class probabilities (decodeCtc).
 */
export type RecogniserChoice = { model: string; dictionary: string; candidate: boolean };

type Env = { OCR_RECOGNISER?: string; OCR_RECOGNISER_DICT?: string; [name: string]: string | undefined };

export function recogniserChoice(env: Env, shipped: { model: string; dictionary: string }): RecogniserChoice {
  const model = env.OCR_RECOGNISER?.trim();
  const dictionary = env.OCR_RECOGNISER_DICT?.trim();
  if (!model) {
    if (dictionary) throw new Error("OCR_RECOGNISER_DICT is set without OCR_RECOGNISER");
    return { ...shipped, candidate: false };
  }
  // Another network's classes are not the Chinese dictionary's: read with it, every line would come out garbled.
  if (!dictionary) throw new Error("OCR_RECOGNISER needs its dictionary in OCR_RECOGNISER_DICT");
  return { model, dictionary, candidate: true };
}

/**
 * A recogniser's classes must be its dictionary's (index 0 the CTC blank, then the dictionary, then a space): a
 * model paired with another dictionary would decode every class as a wrong character without any error.
 */
export function checkClassCount(classes: number, characters: string[]): void {
  if (classes !== characters.length) {
    throw new Error(`the recogniser gives ${classes} classes a step, its dictionary ${characters.length} (blank + characters + space)`);
  }
}
