import type { HelpResponse, PublicConfig } from "@tessera/contracts";
import { Hono } from "hono";
import { HELP_ARTICLES } from "../../knowledge/help-articles";
import type { AppEnv } from "../../lib/context";
import { appVersion } from "../../lib/paths";

export function publicConfigRoutes(config: Omit<PublicConfig, "version">) {
  return new Hono<AppEnv>()
    .get("/config", (c) => {
      const body: PublicConfig = { version: appVersion(), ...config };
      return c.json(body);
    })
    .get("/help", (c) => {
      const body: HelpResponse = {
        articles: HELP_ARTICLES.map(({ slug, title, body }) => ({ slug, title, body })),
      };
      return c.json(body);
    });
}
