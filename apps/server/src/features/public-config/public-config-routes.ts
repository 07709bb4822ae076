import type { PublicConfig, SocialProvider } from "@tessera/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import { appVersion } from "../../lib/paths";

export function publicConfigRoutes(socialProviders: SocialProvider[]) {
  return new Hono<AppEnv>().get("/config", (c) => {
    const body: PublicConfig = { version: appVersion(), socialProviders };
    return c.json(body);
  });
}
