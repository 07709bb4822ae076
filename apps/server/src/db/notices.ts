// Notices one database session sends with pg_notify, heard by every process on that database.
//
// On a PostgreSQL server a listener needs a connection of its own, outside the pool: this one
// connects, LISTENs, and when the connection is lost (the server restarted, an admin ended it) says
// so and connects again a second later, for as long as it is wanted. Whoever listens must treat a
// lost connection as "notices may have been missed". PGlite runs in this process and hands its
// notices to its own listeners as each statement finishes; it never loses them.
import type pg from "pg";

export type Unlisten = () => Promise<void>;

export interface NoticeHandlers {
  notice(payload: string): void;
  /** False when notices may be missed from now on, true once every notice is heard again. */
  state(live: boolean): void;
}

/** How long a lost listening connection waits before it connects again. */
export const RELISTEN_MS = 1_000;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** `connection`: a new client, not yet connected, outside any pool. */
export async function listenOnPostgres(
  connection: () => pg.Client,
  channel: string,
  on: NoticeHandlers,
  onError: (err: Error) => void,
): Promise<Unlisten> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = connection();
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (err) onError(err);
      if (current === client) {
        current = null;
        on.state(false);
      }
      void client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (n) => {
      if (n.channel === channel) on.notice(n.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      return onLost(err instanceof Error ? err : new Error(String(err)));
    }
    if (lost) return;
    if (stopped) return void client.end().catch(() => undefined);
    current = client;
    on.state(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    if (client) {
      on.state(false);
      await client.end().catch(() => undefined);
    }
  };
}
