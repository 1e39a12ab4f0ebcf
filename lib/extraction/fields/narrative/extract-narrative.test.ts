import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";

const CONTRACT = `MUTUAL NON-DISCLOSURE AGREEMENT
This Mutual Non-Disclosure Agreement (the "Agreement") is made and entered into as of the 3rd day of March, 2021 by and
between Northwind Traders, Inc., a Delaware corporation ("Northwind"), and Jane A. Doe ("Consultant").
1. Purpose. The parties wish to explore a business relationship and to that end each may disclose confidential
information to the other, which the receiving party shall hold in strict confidence and use only for that purpose.
2. Obligations. The receiving party shall not disclose confidential information to any third party and shall protect it
with the same degree of care it uses for its own information of a similar nature, but never less than reasonable care.
3. Term. This Agreement shall remain in effect for a period of three (3) years from the date first written above.
4. Returns. Upon request the receiving party shall return all documents within thirty (30) days of the request.
5. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York,
without regard to its conflict of laws principles, and the courts located in the county of the parties shall hear disputes.
6. Notices. Notices under this agreement shall be in writing and delivered by hand or by registered mail to the
addresses of the parties written above or to such other address as a party may designate by notice.
7. Entire Agreement. This agreement is the entire understanding of the parties on its subject and may be changed only in
a writing signed by both parties; no waiver of any breach shall be a waiver of any other breach of this agreement.
IN WITNESS WHEREOF the parties have executed this Agreement as of the date first written above.`;

const FIELDS: FieldDefinition[] = [
  { name: "effective_date", type: "date", description: "The date the agreement takes effect" },
  { name: "jurisdiction", type: "text", description: "The state or country whose law governs the agreement" },
  { name: "term", type: "text", description: "How long the agreement lasts, e.g. 2 years" },
  { name: "parties", type: "table", description: "The parties that sign the agreement: company or person name", columns: [{ name: "party", type: "text" }] },
];

const text = (s: string) => new TextEncoder().encode(s);

describe("narrative documents", () => {
  it("reads each field from the sentence carrying its description's cue words", async () => {
    const result = await extractDocument({ bytes: text(CONTRACT), mimeType: "text/plain", fields: FIELDS });
    expect(result.data.effective_date).toBe("2021-03-03");
    expect(result.data.jurisdiction).toBe("New York");
    expect(result.data.term).toBe("3 years");
    expect(result.data.parties).toEqual([{ party: "Northwind Traders, Inc." }, { party: "Jane A. Doe" }]);
    const meta = result.fieldMetadata.jurisdiction;
    expect(meta && "evidence" in meta ? meta.evidence : null).toMatchObject({ strategy: "narrative" });
    expect(meta && "raw" in meta ? meta.raw : null).toBe("New York");
  });

  it("works for a field it has never seen, from its description alone", async () => {
    const fields: FieldDefinition[] = [{ name: "return_deadline", type: "text", description: "How long the receiving party has to return documents, e.g. 10 days" }];
    const result = await extractDocument({ bytes: text(CONTRACT), mimeType: "text/plain", fields });
    expect(result.data.return_deadline).toBe("30 days");
  });

  it("abstains when no sentence holds a well-formed value of the field's kind", async () => {
    const withoutLaw = CONTRACT.replace(/5\. Governing Law\.[^]*?hear disputes\.\n/, "");
    const fields: FieldDefinition[] = [
      { name: "jurisdiction", type: "text", description: "The state or country whose law governs the agreement" },
      { name: "renewal_fee", type: "number", description: "The fee charged for renewing the agreement" },
    ];
    const result = await extractDocument({ bytes: text(withoutLaw), mimeType: "text/plain", fields });
    expect(result.data.jurisdiction).toBeNull();
    expect(result.data.renewal_fee).toBeNull();
  });

  it("leaves the calibration the value's kind, the sentences that repeat it and any that say otherwise", async () => {
    const evidenceOf = (result: Awaited<ReturnType<typeof extractDocument>>, name: string) => {
      const meta = result.fieldMetadata[name];
      return meta && "evidence" in meta ? meta.evidence : null;
    };
    const plain = await extractDocument({ bytes: text(CONTRACT), mimeType: "text/plain", fields: FIELDS });
    // The kind is what the field asks for, read from its definition: not "text" for a duration or a place.
    expect(evidenceOf(plain, "term")).toMatchObject({ strategy: "narrative", kind: "duration", agreement: 0, rival: false });
    expect(evidenceOf(plain, "jurisdiction")).toMatchObject({ kind: "place" });
    expect(evidenceOf(plain, "effective_date")).toMatchObject({ kind: "date" });
    // The term stated again in a later clause agrees with it.
    const repeated = CONTRACT.replace("IN WITNESS WHEREOF", "8. Duration. The term of this Agreement is three (3) years and the Agreement shall then expire.\nIN WITNESS WHEREOF");
    const again = await extractDocument({ bytes: text(repeated), mimeType: "text/plain", fields: FIELDS });
    expect(again.data.term).toBe("3 years");
    expect(evidenceOf(again, "term")).toMatchObject({ agreement: 1, rival: false });
    // Another duration in the term's own sentence, near its cue, is a rival: closeness chose between them.
    const crowded = CONTRACT.replace("for a period of three (3) years from the date first written above.", "for a period of three (3) years and for a further period of one (1) year.");
    const rivalled = await extractDocument({ bytes: text(crowded), mimeType: "text/plain", fields: FIELDS });
    expect(rivalled.data.term).toBe("3 years");
    expect(evidenceOf(rivalled, "term")).toMatchObject({ rival: true });
  });
});

describe("what a contract's clauses say about it, not about something else", () => {
  const extract = async (body: string) => (await extractDocument({ bytes: text(body), mimeType: "text/plain", fields: FIELDS })).data;

  it("takes how long the agreement itself lasts, not a covenant's span, a notice period or a span after the term", async () => {
    const covenant = CONTRACT.replace(
      "3. Term. This Agreement shall remain in effect for a period of three (3) years from the date first written above.",
      "3. Non-Solicitation. You agree that, for a period of one (1) year from the date of this Agreement, you shall not solicit any employee of the other party.",
    );
    expect((await extract(covenant)).term).toBeNull();
    const notice = CONTRACT.replace(
      "3. Term. This Agreement shall remain in effect for a period of three (3) years from the date first written above.",
      "3. Term. This Agreement shall continue until terminated by either party by giving thirty (30) days written notice to the other party.",
    );
    expect((await extract(notice)).term).toBeNull();
    const thereafter = CONTRACT.replace(
      "3. Term. This Agreement shall remain in effect for a period of three (3) years from the date first written above.",
      "3. Term. During the term of this Agreement and for a period of one (1) year thereafter, neither party shall hire the other party's staff.",
    );
    expect((await extract(thereafter)).term).toBeNull();
    const expires = CONTRACT.replace(
      "3. Term. This Agreement shall remain in effect for a period of three (3) years from the date first written above.",
      "3. Term. Except with regard to the confidentiality obligations, this Agreement shall expire two (2) years from the date hereof.",
    );
    expect((await extract(expires)).term).toBe("2 years");
    const fromStart = CONTRACT.replace(
      "3. Term. This Agreement shall remain in effect for a period of three (3) years from the date first written above.",
      "3. TERM This Agreement shall terminate two years after the date first entered, unless extended in writing.",
    );
    expect((await extract(fromStart)).term).toBe("2 years");
  });

  it("takes no date of another document for the date the agreement takes effect", async () => {
    const other = CONTRACT.replace(
      'This Mutual Non-Disclosure Agreement (the "Agreement") is made and entered into as of the 3rd day of March, 2021 by and\nbetween',
      'Reference is made to the Offer Letter Agreement dated August 6, 2020 (the "Offer Letter"), and this Mutual Non-Disclosure Agreement is made and entered into by and\nbetween',
    );
    expect(other).not.toBe(CONTRACT);
    expect((await extract(other)).effective_date).toBeNull();
  });

  it("takes the date the document gives itself, in its title or where it is executed", async () => {
    const titled = CONTRACT.replace(
      'This Mutual Non-Disclosure Agreement (the "Agreement") is made and entered into as of the 3rd day of March, 2021 by and\nbetween',
      'MUTUAL NON-DISCLOSURE AGREEMENT dated as of September 23, 2020 (this "Agreement") by and\nbetween',
    );
    expect((await extract(titled)).effective_date).toBe("2020-09-23");
    const executed = CONTRACT.replace(" is made and entered into as of the 3rd day of March, 2021", " is made").replace(
      "IN WITNESS WHEREOF the parties have executed this Agreement as of the date first written above.",
      "IN WITNESS WHEREOF the parties have executed this Agreement as of the 22nd day of May 2019.",
    );
    expect((await extract(executed)).effective_date).toBe("2019-05-22");
  });

  it("prefers a state's law to a mention of its country's", async () => {
    const federal = CONTRACT.replace(
      "6. Notices.",
      "6. Export. Export controls of the country of each party under this Agreement shall be governed by and construed under the laws of the United States. Notices.",
    );
    expect((await extract(federal)).jurisdiction).toBe("New York");
  });

  it("leaves the parties empty when the best sentence lists more companies than an agreement's parties", async () => {
    const listed = CONTRACT.replace(
      'by and\nbetween Northwind Traders, Inc., a Delaware corporation ("Northwind"), and Jane A. Doe ("Consultant").',
      'by and\nbetween Legion Partners, L.P., Legion Partners Special Opportunities, L.P., Legion Partners, LLC, Legion Partners Holdings, LLC and Legion Partners Asset Management, LLC.',
    );
    expect(listed).not.toBe(CONTRACT);
    expect((await extract(listed)).parties).toEqual([]);
  });

  it("reads a letter agreement's parties from the companies over its signature blocks", async () => {
    const letter = `March 16, 2010
Somerset Devices Corporation
1653 East Maple Road
Troy, MI 48083
Ladies and Gentlemen:
In connection with our possible interest in a transaction involving the acquisition of the company you lead, you are furnishing us and our
representatives with certain information which is either non-public, confidential or proprietary in nature, and we agree to treat it as such.
We shall use the information solely for the purpose of evaluating the transaction and shall not disclose it to any person except our representatives.
We shall return or destroy the information promptly upon your written request and shall confirm the destruction in writing to you.
This letter shall be governed by and construed in accordance with the laws of the State of Michigan without regard to its conflict of laws rules.
Very truly yours,
HALCYON HEALTHCARE GROUP LP
By: /s/ Matthew J. Nicolella
Accepted and agreed:
SOMERSET DEVICES CORPORATION
By: /s/ Bruce J. Barrett`;
    const parties = (await extract(letter)).parties;
    expect(parties).toEqual([{ party: "HALCYON HEALTHCARE GROUP LP" }, { party: "SOMERSET DEVICES CORPORATION" }]);
  });
});

