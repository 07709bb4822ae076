// "What's new": release notes newer than the last one this person has seen on this device. Someone
// who has never seen any starts at the newest (everything would be "new" to them), so the window
// appears only when a release arrives after one they already know.
import { compareVersions, type ChangelogEntry } from "@tessera/contracts";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useAuth } from "@/lib/auth-context";
import { CHANGELOG_SEEN_KEY_PREFIX } from "@/lib/version";
import { useChangelog } from "../api/changelog";

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
  const close = () => {
    if (key && newest) localStorage.setItem(key, newest);
    setDismissed(true);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>What&apos;s new</DialogTitle>
          <DialogDescription>Changes since you last looked.</DialogDescription>
        </DialogHeader>
        <ul className="flex max-h-80 flex-col gap-4 overflow-y-auto">
          {unseen.map((entry) => (
            <li key={entry.version}>
              <p className="text-sm font-medium">
                {entry.title} <span className="text-muted-foreground">· {entry.version}</span>
              </p>
              <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{entry.description}</p>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={close}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
