/**
 * The curl quickstart, shown on the console's API reference page and in docs/api.md, which holds it verbatim (the
 * integration test tests/integration/quickstart.test.ts checks both and runs it against a real server).
 */
export const QUICKSTART_CURL = `# 1. A parser: the fields to extract.
PARSER_ID=$(curl -sS -X POST "$QUARRY_URL/api/v1/parsers" -H "Authorization: Bearer $QUARRY_KEY" \\
  -H 'content-type: application/json' \\
  -d '{"name":"Invoices","fields":[{"name":"invoice_number","type":"text"},{"name":"total","type":"currency"}]}' | jq -r .id)

# 2. Upload a file (repeat -F file=@… for more). Keep each result's documentId.
DOCUMENT_ID=$(curl -sS -X POST "$QUARRY_URL/api/v1/process/$PARSER_ID/files" -H "Authorization: Bearer $QUARRY_KEY" \\
  -F file=@invoice.pdf | jq -r '.result[0].documentId')

# 3. Wait for extraction to be over: the GET answers as soon as it is, or after 60 s (then ask again).
until curl -sS "$QUARRY_URL/api/v1/parsers/$PARSER_ID/documents/$DOCUMENT_ID?wait=60" -H "Authorization: Bearer $QUARRY_KEY" \\
  | jq -e '.status | IN("uploading","queued","processing") | not' > /dev/null; do :; done

# 4. Read the data: values by field name.
curl -sS "$QUARRY_URL/api/v1/process/$PARSER_ID/files/data?documentId=$DOCUMENT_ID" -H "Authorization: Bearer $QUARRY_KEY" | jq .data

# 5. Export the parser's documents as CSV.
curl -sS -X POST "$QUARRY_URL/api/v1/parsers/$PARSER_ID/export" -H "Authorization: Bearer $QUARRY_KEY" \\
  -H 'content-type: application/json' -d '{"format":"csv"}' -o invoices.csv
`;
