// The instance's settings (Admin → Settings: registration, allowed domains, the default plan, the
// instance's name), kept in every process and read again when any process announces a change on
// `tessera_settings`, or when its listener comes back after missing notices. A change made here is in
// use in this process before its request answers; elsewhere as soon as the notice arrives.
import {
  DEFAULT_INSTANCE_SETTINGS,
  type InstanceSettings,
  type updateInstanceSettingsSchema,
} from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, DatabaseHandle } from "../db/client";
import { instanceSettings } from "../db/schema";
import type { Logger } from "../lib/logger";

export const SETTINGS_CHANNEL = "tessera_settings";
const RETRY_MS = 5_000;

export interface LiveSettings {
  /** The settings as this process holds them now. */
  current(): InstanceSettings;
  reload(): Promise<InstanceSettings>;
  /** Writes what `patch` gives, announces it to every process and answers the settings now in use. */
  update(patch: z.output<typeof updateInstanceSettingsSchema>, by: string): Promise<InstanceSettings>;
  listen(database: DatabaseHandle): Promise<void>;
}

export async function readSettings(db: Database): Promise<InstanceSettings> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.id, 1));
  if (!row) return DEFAULT_INSTANCE_SETTINGS;
  return {
    registration: row.registration,
    allowedDomains: row.allowedDomains,
    defaultPlan: row.defaultPlan,
    instanceName: row.instanceName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createLiveSettings(deps: { db: Database; logger: Logger }): LiveSettings {
  let held = DEFAULT_INSTANCE_SETTINGS;
  let retry: NodeJS.Timeout | undefined;
  const reload = async () => (held = await readSettings(deps.db));
  const reloadInBackground = () => {
    clearTimeout(retry);
    reload().catch((err: unknown) => {
      deps.logger.warn(
        { event: "settings.reload_failed", err: err instanceof Error ? err.message : String(err) },
        "could not read the instance's settings; trying again",
      );
      retry = setTimeout(reloadInBackground, RETRY_MS);
      retry.unref();
    });
  };
  return {
    current: () => held,
    reload,
    async update(patch, by) {
      const values = { ...patch, updatedBy: by, updatedAt: new Date() };
      await deps.db.transaction(async (tx) => {
        await tx
          .insert(instanceSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: instanceSettings.id, set: values });
        // Sent at commit, to every process listening (this one too).
        await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
      });
      return reload();
    },
    async listen(database) {
      await database.listen(SETTINGS_CHANNEL, {
        notice: reloadInBackground,
        // Notices may have been missed while the listener was down: read again.
        state: (up) => {
          if (up) reloadInBackground();
        },
      });
    },
  };
}
