import { describe, expect, it } from "vitest";
import { serverExtractionSettings } from "./server-settings";

describe("serverExtractionSettings", () => {
  it("reads e-invoices and no language model unless the server says otherwise", () => {
    expect(serverExtractionSettings({})).toEqual({ einvoiceXml: true, llm: null });
  });

  it("takes EINVOICE_XML=off and the LLM_* settings", () => {
    expect(serverExtractionSettings({ EINVOICE_XML: " OFF ", LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_MODEL: "m", LLM_TIMEOUT_MS: "5000" })).toEqual({
      einvoiceXml: false,
      llm: { baseUrl: "http://127.0.0.1:9/v1", apiKey: undefined, model: "m", timeoutMs: 5000 },
    });
  });
});
