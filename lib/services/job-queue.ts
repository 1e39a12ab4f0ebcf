/**
 * The part of the job queue a service needs to send a job: pg-boss's own `send(name, data, options)`, which the
 * runtime passes in (tests pass a recorder).
 */
// eslint-disable-next-line @typescript-eslint/max-params -- the shape of pg-boss's send, which the runtime's queue is.
export type JobQueue<Data extends object> = { send: (name: string, data: Data, options?: { singletonKey?: string }) => Promise<string | null> };
