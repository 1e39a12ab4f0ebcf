import { describe, expect, it } from "vitest";
import { checkClassCount, recogniserChoice } from "./recogniser-choice";

const shipped = { model: "/models/ch_folded.onnx", dictionary: "/models/ppocr_keys_v1.txt" };

describe("recogniserChoice", () => {
  it("keeps the shipped recogniser when nothing is set", () => {
    expect(recogniserChoice({}, shipped)).toEqual({ ...shipped, candidate: false });
    expect(recogniserChoice({ OCR_RECOGNISER: "  " }, shipped)).toEqual({ ...shipped, candidate: false });
  });

  it("takes a candidate with its own dictionary", () => {
    expect(recogniserChoice({ OCR_RECOGNISER: "/tmp/en_rec.onnx", OCR_RECOGNISER_DICT: " /tmp/en_dict.txt " }, shipped)).toEqual({
      model: "/tmp/en_rec.onnx",
      dictionary: "/tmp/en_dict.txt",
      candidate: true,
    });
  });

  it("refuses a candidate without its dictionary, and a dictionary without a candidate", () => {
    expect(() => recogniserChoice({ OCR_RECOGNISER: "/tmp/en_rec.onnx" }, shipped)).toThrow(/OCR_RECOGNISER_DICT/);
    expect(() => recogniserChoice({ OCR_RECOGNISER_DICT: "/tmp/en_dict.txt" }, shipped)).toThrow(/without OCR_RECOGNISER/);
  });
});

describe("checkClassCount", () => {
  it("accepts blank + dictionary + space and refuses any other count", () => {
    const characters = ["", ..."abc", " "];
    expect(() => checkClassCount(5, characters)).not.toThrow();
    expect(() => checkClassCount(97, characters)).toThrow(/97 classes/);
  });
});
