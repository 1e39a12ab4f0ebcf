// The floor for `npm run bench:api`: a bare `node:http` + `pg` handler doing the database work of an authenticated
// GET /api/v1/parsers in the same SQL Quarry sends (key lookup by hash with team and membership, the rate-limit upsert
// of both windows, the parser list with document and folder counts), on a pool of the same size (10), and answering the
// rows as JSON. No framework, no validation, no response shaping: what is left is the cost of the database round trips.
// Run by bench/api.ts as its own process: DATABASE_URL and PORT from the environment; prints "listening" when ready.
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const KEY_SQL = `
  select k.id, k.team_id, k.permissions, k.created_by_id, k.last_used_at, t.region, m.role
  from api_keys k
  join teams t on t.id = k.team_id
  join memberships m on m.team_id = k.team_id and m.user_id = k.created_by_id
  where k.key_hash = $1 and k.revoked_at is null
  limit 1`;

const RATE_SQL = `
  insert into rate_limit_buckets (subject, "window", window_start, count)
  values ($1, 'minute', $2, 1), ($1, 'day', $3, 1)
  on conflict (subject, "window", window_start) do update set count = rate_limit_buckets.count + 1
  returning "window", count`;

const PARSERS_SQL = `
  select p.*, dc.document_count, fc.folder_count
  from parsers p
  left join (select parser_id, count(*)::int as document_count from documents where team_id = $1 and deleted_at is null group by parser_id) dc
    on dc.parser_id = p.id
  left join (select parser_id, count(*)::int as folder_count from folders where team_id = $1 and deleted_at is null group by parser_id) fc
    on fc.parser_id = p.id
  where p.team_id = $1 and p.is_active = true and p.deleted_at is null and p.type = 'document'
  order by p.name asc, p.created_at asc`;

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const server = http.createServer((request, response) => {
  const key = request.headers.authorization?.replace(/^Bearer\s+/i, "").trim();
  if (request.url !== "/api/v1/parsers" || !key) return send(response, 404, { error: true, message: "Not found" });
  void (async () => {
    const { rows: keys } = await pool.query(KEY_SQL, [createHash("sha256").update(key).digest("hex")]);
    const caller = keys[0] as { id: string; team_id: string } | undefined;
    if (!caller) return send(response, 401, { error: true, message: "Invalid or revoked API key." });
    const now = Date.now();
    await pool.query(RATE_SQL, [`key:${caller.id}`, new Date(now - (now % 60_000)), new Date(now - (now % 86_400_000))]);
    const { rows } = await pool.query(PARSERS_SQL, [caller.team_id]);
    send(response, 200, { data: rows });
  })().catch((error: unknown) => send(response, 500, { error: true, message: (error as Error).message }));
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
