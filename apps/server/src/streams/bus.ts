// How the server processes sharing a database tell each other about durable answers: Stop by name,
// and the text of an answer followed from another process. PostgreSQL's NOTIFY by default (every
// process already listens on the database), Redis pub/sub when REDIS_URL is set. Either way a notice
// is at most MAX_NOTICE_BYTES (NOTIFY refuses payloads from 8,000 bytes), so longer text goes as
// pieces (`splitForNotices`). Notices may be lost while a listener reconnects: `state(false)` says so.
import { sql } from "drizzle-orm";
import type * as IORedis from "ioredis";
import type { DatabaseHandle } from "../db/client";
import type { NoticeHandlers, Unlisten } from "../db/notices";
import type { Logger } from "../lib/logger";

export interface Bus {
  /** Where notices travel, for the logs and the metrics. */
  readonly kind: "database" | "redis";
  /** Sends `payload` (at most MAX_NOTICE_BYTES of UTF-8) to every process listening on `channel`. */
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, on: NoticeHandlers): Promise<Unlisten>;
  close(): Promise<void>;
}

/** A notice's payload at most: NOTIFY's limit is 8,000 bytes, with room for the channel's name. */
export const MAX_NOTICE_BYTES = 7_000;

/** The database's own NOTIFY: what every process on one database hears already (db/notices.ts). */
export function createDatabaseBus(database: DatabaseHandle): Bus {
  return {
    kind: "database",
    publish: async (channel, payload) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    subscribe: (channel, on) => database.listen(channel, on),
    close: () => Promise.resolve(),
  };
}

/**
 * Redis pub/sub: one connection publishes, another (a subscriber can do nothing else) listens.
 * Channels take REDIS_KEY_PREFIX, so instances sharing one Redis keep apart. The client loads on
 * first use, as the rate limiter's does.
 */
export async function createRedisBus(url: string, opts: { logger: Logger; prefix: string }): Promise<Bus> {
  const { Redis } = (await import("ioredis")).default as unknown as typeof IORedis;
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (times: number) => Math.min(times * 100, 2_000),
  };
  const publisher = new Redis(url, options);
  // The subscriber queues its SUBSCRIBE until it is connected, and subscribes again after a reconnect.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
  let down = false;
  const noteError = (err: Error) => {
    if (down) return;
    down = true;
    opts.logger.warn(
      { event: "streams.bus_down", err: err.message },
      "Redis unreachable: answers are followed from their stored drafts until it is back",
    );
  };
  publisher.on("error", noteError);
  subscriber.on("error", noteError);
  const handlers = new Map<string, Set<NoticeHandlers>>();
  const subscribed = new Set<string>();
  const name = (channel: string) => `${opts.prefix}${channel}`;
  subscriber.on("message", (channel: string, message: string) => {
    for (const on of handlers.get(channel) ?? []) on.notice(message);
  });
  // Notices sent while the subscriber was away are lost: its listeners hear that, and when it is back.
  const tellAll = (live: boolean) => {
    for (const set of handlers.values()) for (const on of set) on.state(live);
  };
  subscriber.on("ready", () => {
    down = false;
    tellAll(true);
  });
  subscriber.on("close", () => tellAll(false));
  return {
    kind: "redis",
    publish: async (channel, payload) => {
      await publisher.publish(name(channel), payload);
    },
    subscribe(channel, on) {
      const key = name(channel);
      let set = handlers.get(key);
      if (!set) {
        const listeners = new Set<NoticeHandlers>();
        handlers.set(key, (set = listeners));
        // Not awaited: a Redis that is down must not hold up a start. The subscription is made once
        // it connects (then its listeners hear they are live), and again after every reconnect.
        subscriber.subscribe(key).then(() => {
          subscribed.add(key);
          for (const h of listeners) h.state(true);
        }, noteError);
      }
      set.add(on);
      if (subscribed.has(key) && subscriber.status === "ready") on.state(true);
      return Promise.resolve(() => {
        set.delete(on);
        on.state(false);
        return Promise.resolve();
      });
    },
    close: () => {
      publisher.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}

/**
 * `text` cut into pieces whose JSON string form takes at most `maxBytes` of UTF-8 each, never inside
 * a character: a notice carries a piece inside JSON, where quotes and control characters grow.
 */
export function splitForNotices(text: string, maxBytes = MAX_NOTICE_BYTES - 200): string[] {
  // Most text fits at once: measured before walking it character by character.
  if (Buffer.byteLength(JSON.stringify(text)) <= maxBytes) return [text];
  const pieces: string[] = [];
  let piece = "";
  let bytes = 2;
  for (const char of text) {
    const cost = Buffer.byteLength(JSON.stringify(char)) - 2;
    if (bytes + cost > maxBytes) {
      pieces.push(piece);
      piece = "";
      bytes = 2;
    }
    piece += char;
    bytes += cost;
  }
  if (piece) pieces.push(piece);
  return pieces;
}
