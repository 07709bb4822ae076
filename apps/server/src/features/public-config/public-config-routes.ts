import type { HelpResponse, PublicConfig, SocialProvider } from "@tessera/contracts";
import { Hono } from "hono";
import { HELP_ARTICLES } from "../../knowledge/help-articles";
import type { AppEnv } from "../../lib/context";
import { appVersion } from "../../lib/paths";

export function publicConfigRoutes(socialProviders: SocialProvider[], billing: PublicConfig["billing"]) {
  return new Hono<AppEnv>()
    .get("/config", (c) => {
      const body: PublicConfig = { version: appVersion(), socialProviders, billing };
      return c.json(body);
    })
    .get("/help", (c) => {
      const body: HelpResponse = {
        articles: HELP_ARTICLES.map(({ slug, title, body }) => ({ slug, title, body })),
      };
      return c.json(body);
    });
}
