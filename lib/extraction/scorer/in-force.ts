/**
 * A learned model the engine consults, with the one in force swappable for a run: training and the leave-one-source-out
 * benchmarks run the engine with a model fitted without the source they score, then put the committed one back.
 * Runs must not overlap (the model in force is module state, as the engine's extraction is synchronous per document).
 */
export type ModelInForce<M> = {
  /** The model in force, or null when the engine runs without one. */
  current: () => M | null;
  /** Runs `fn` with `model` in force, restoring the one before after. */
  withModel: <T>(model: M | null, fn: () => T) => T;
  /** `withModel` for an asynchronous run (a test extracting a whole document). */
  withModelAsync: <T>(model: M | null, fn: () => Promise<T>) => Promise<T>;
};

export function modelInForce<M>(initial: M | null): ModelInForce<M> {
  let active = initial;
  return {
    current: () => active,
    withModel: (model, fn) => {
      const before = active;
      active = model;
      try {
        return fn();
      } finally {
        active = before;
      }
    },
    withModelAsync: async (model, fn) => {
      const before = active;
      active = model;
      try {
        return await fn();
      } finally {
        active = before;
      }
    },
  };
}

/** What training watches the engine do (tables' columns, lines under a header): one observer at a time, for one run. */
export type Observed<O> = {
  /** Runs `fn` with everything reported to `observe`. */
  observe: <T>(observe: (observed: O) => void, fn: () => Promise<T>) => Promise<T>;
  /** True while a run is observed. */
  watching: () => boolean;
  report: (observed: O) => void;
};

export function observed<O>(): Observed<O> {
  let observer: ((observed: O) => void) | null = null;
  return {
    observe: async (observe, fn) => {
      observer = observe;
      try {
        return await fn();
      } finally {
        observer = null;
      }
    },
    watching: () => observer !== null,
    report: (item) => observer?.(item),
  };
}
