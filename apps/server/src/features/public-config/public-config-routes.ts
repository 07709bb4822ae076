import type { HelpResponse, PublicConfig } from "@tessera/contracts";
import { Hono } from "hono";
import { HELP_ARTICLES } from "../../knowledge/help-articles";
import type { AppEnv } from "../../lib/context";
import { appVersion } from "../../lib/paths";

type Live = "webSearch" | "mailConfigured" | "instanceName" | "registration" | "sso";

/** `live`: what the admin's pages (Connections, Settings, Sign-in) can change, read on every request. */
export function publicConfigRoutes(
  config: Omit<PublicConfig, "version" | Live>,
  live: () => Pick<PublicConfig, Live>,
) {
  return new Hono<AppEnv>()
    .get("/config", (c) => {
      const body: PublicConfig = { version: appVersion(), ...config, ...live() };
      return c.json(body);
    })
    .get("/help", (c) => {
      const body: HelpResponse = {
        articles: HELP_ARTICLES.map(({ slug, title, body }) => ({ slug, title, body })),
      };
      return c.json(body);
    });
}
