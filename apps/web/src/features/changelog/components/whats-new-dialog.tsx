// "What's new": release notes newer than the last one this person has seen on this device. Someone
// who has never seen any starts at the newest (everything would be "new" to them), so the window
// appears only when a release arrives after one they already know.
import { compareVersions, type ChangelogEntry } from "@tessera/contracts";
import { Suspense, useEffect, useState } from "react";
import { useAuth } from "@/lib/auth-context";
import { lazyChunk } from "@/lib/chunk-load";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { CHANGELOG_SEEN_KEY_PREFIX } from "@/lib/version";
import { useChangelog } from "../api/changelog";

// Most visits have nothing new: the window's code loads only when there is.
const WhatsNewWindow = lazyChunk(() =>
  import("./whats-new-window").then((m) => ({ default: m.WhatsNewWindow })),
);

const readSeen = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export function unseenEntries(entries: ChangelogEntry[], seen: string | null): ChangelogEntry[] {
  if (seen === null) return [];
  return entries.filter((e) => compareVersions(e.version, seen) > 0);
}

export function WhatsNewDialog() {
  const { status, user } = useAuth();
  const signedIn = status === "signed-in" && user !== null;
  const { data: entries } = useChangelog(signedIn);
  const [dismissed, setDismissed] = useState(false);
  const key = user ? `${CHANGELOG_SEEN_KEY_PREFIX}${user.id}` : null;
  const newest = entries?.[0]?.version;
  const seen = key ? readSeen(key) : null;

  useEffect(() => {
    if (key && newest && readSeen(key) === null) localStorage.setItem(key, newest);
  }, [key, newest]);

  const unseen = entries ? unseenEntries(entries, seen) : [];
  const open = signedIn && !dismissed && unseen.length > 0;
  const mounted = useOpenedOnce(open);
  const close = () => {
    if (key && newest) localStorage.setItem(key, newest);
    setDismissed(true);
  };

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <WhatsNewWindow open={open} entries={unseen} onClose={close} />
    </Suspense>
  );
}
