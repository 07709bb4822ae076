import type { HelpResponse, PublicConfig } from "@tessera/contracts";
import { Hono } from "hono";
import { pickLanguage } from "../../i18n/server-text";
import { helpArticles } from "../../knowledge/help-articles";
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
      // The web app asks in the language it shows (its Accept-Language), signed in or not.
      const language = pickLanguage(null, c.req.header("accept-language"));
      const body: HelpResponse = {
        articles: helpArticles(language).map(({ slug, title, body }) => ({ slug, title, body })),
      };
      c.header("Vary", "Accept-Language");
      return c.json(body);
    });
}
