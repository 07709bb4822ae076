// Records one usage event for the signed-in person. Who and when come from the session and the
// server clock, never from the body.
import type { TrackEvent } from "@tessera/contracts";
import type { Database } from "../../db/client";
import { analyticsEvents } from "../../db/schema";

export async function trackEvent(db: Database, userId: string, input: TrackEvent): Promise<void> {
  const { page_path, session_id, ...rest } = input.properties;
  // A client may send these inside properties too; they are not the client's to say.
  delete rest.user_id;
  delete rest.created_at;
  await db.insert(analyticsEvents).values({
    userId,
    eventName: input.event_name,
    pagePath: page_path ?? null,
    sessionId: session_id ?? null,
    properties: rest,
  });
}
