import { afterEach, describe, expect, it, vi } from "vitest";
import { decisionAnswered, decisionSent, documentsBeingDecided, documentsUndecidedAt, forgetDecision } from "./decisions-in-flight";

let now = 1_000;
vi.spyOn(performance, "now").mockImplementation(() => now);

afterEach(() => {
  for (const id of ["a", "b", "c"]) forgetDecision(id);
});

describe("decisions in flight", () => {
  it("lists the decisions sent and not answered yet", () => {
    decisionSent("a");
    decisionSent("b");
    decisionAnswered("a");
    expect(documentsBeingDecided()).toEqual(["b"]);
  });

  it("leaves out of a queue read at a time the decisions answered after it, and those still in flight", () => {
    now = 1_000;
    decisionSent("a");
    decisionAnswered("a"); // answered at 1000: a queue read from 1500 on no longer lists it
    decisionSent("b");
    now = 2_000;
    decisionAnswered("b"); // answered at 2000: a queue read at 1500 may still list it
    decisionSent("c"); // in flight
    expect([...documentsUndecidedAt(1_500)].sort()).toEqual(["b", "c"]);
  });

  it("forgets a decision the API refused or the reviewer undid: the document is in my queue again", () => {
    now = 1_000;
    decisionSent("a");
    decisionAnswered("a", false);
    decisionSent("b");
    decisionAnswered("b");
    forgetDecision("b");
    expect(documentsUndecidedAt(0).size).toBe(0);
  });
});
