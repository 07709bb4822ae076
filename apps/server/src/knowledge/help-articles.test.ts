// The help articles are read by everyone (the Help page, Tessera Local's answers): members never see
// a configuration word, so no article names an environment variable.
import { describe, expect, it } from "vitest";
import { HELP_ARTICLES } from "./help-articles";

/** SMTP_URL, OPENROUTER_API_KEY, SEARXNG_URL: capitals joined by underscores. */
const VARIABLE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g;

describe("help articles", () => {
  it.each(HELP_ARTICLES.map((a) => [a.slug, a] as const))(
    "%s names no environment variable",
    (_, article) => {
      expect(`${article.title} ${article.body}`.match(VARIABLE)).toBeNull();
    },
  );
});
