import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Shared column builders, so every table spells ids and timestamps the same way. */
export const id = () => uuid().primaryKey().defaultRandom();
export const timestamptz = () => timestamp({ withTimezone: true, mode: "date" });
export const createdAt = () => timestamptz().notNull().defaultNow();
export const updatedAt = () =>
  timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
