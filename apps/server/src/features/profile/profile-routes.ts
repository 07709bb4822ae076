import { updateProfileSchema } from "@tessera/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import { readJson } from "../../lib/validate";
import { getProfile } from "./get-profile";
import { updateProfile, type ProfileDeps } from "./update-profile";

export function profileRoutes(deps: ProfileDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await getProfile(db, c.get("session").user.id)))
    .patch("/", async (c) => {
      const input = await readJson(c, updateProfileSchema);
      return c.json(await updateProfile(deps, c.get("session").user.id, input));
    });
}
