import type { z } from "zod";
import type { Operation } from "@/lib/contracts/common";
import type { ErrorBody } from "@/lib/services/errors";

/** An error answer of the API, with the spec's body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = "ApiError";
  }
}

export type CallInput<O extends Operation> = (O extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: undefined }) &
  (O extends { query: infer Q extends z.ZodType } ? { query?: Partial<z.input<Q>> } : { query?: undefined }) &
  (O extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined });

export type CallOutput<O extends Operation> = O extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;

export type ApiClient = {
  call: <O extends Operation>(operation: O, input: CallInput<O>) => Promise<CallOutput<O>>;
  /**
   * The same request, answered with the raw `Response` for bodies that are not JSON (a CSV or XLSX export, a
   * document's markdown) or that the caller streams; an error answer still throws `ApiError` with the API's message.
   */
  raw: <O extends Operation>(operation: O, input: CallInput<O>) => Promise<Response>;
};

function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? "")));
}

/**
 * The typed REST client: paths, inputs and outputs all come from the operation contracts, so nobody writes
 * a string path or guesses a shape.
 */
export function createApiClient(options: { baseUrl: string; token: string; fetch?: typeof fetch }): ApiClient {
  const doFetch = options.fetch ?? fetch;

  async function send<O extends Operation>(operation: O, input: CallInput<O>): Promise<Response> {
    const url = new URL(options.baseUrl.replace(/\/$/, "") + fillPath(operation.path, input.params as Record<string, unknown> | undefined));
    for (const [key, value] of Object.entries((input.query as Record<string, unknown> | undefined) ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    const response = await doFetch(url, {
      method: operation.method,
      headers: { authorization: `Bearer ${options.token}`, ...(input.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
      cache: "no-store",
    });
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => null);
      const body = (payload ?? { error: true, message: `HTTP ${response.status}`, code: "INTERNAL" }) as ErrorBody;
      throw new ApiError(response.status, body);
    }
    return response;
  }

  return {
    async call<O extends Operation>(operation: O, input: CallInput<O>): Promise<CallOutput<O>> {
      const response = await send(operation, input);
      return (await response.json().catch(() => null)) as CallOutput<O>;
    },
    raw: send,
  };
}
