// This build's release notes, published by the first instance admin to open it (spec 001 §4, §9).
import type { ChangelogUpsert } from "@tessera/contracts";

export const LAST_CHANGELOG_VERSION_KEY = "last-changelog-version";

export const CURRENT_RELEASE: ChangelogUpsert = {
  version: "3.25.0",
  title: "Release 3.25: works offline, tells you what's new",
  description:
    'Tessera now keeps its app shell on your device: reloading without a network still opens the app, with a notice that you are offline. A new version refreshes itself, saying so first. This "What\'s new" window lists each release once. Instance admins get a usage page with active people, events a day and the most visited pages.',
};
