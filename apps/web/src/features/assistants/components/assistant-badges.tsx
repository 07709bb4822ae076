import type { Assistant } from "@tessera/contracts";
import { Building2, Globe, Lock, Sparkles, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** The listing flags of spec §6 as words: where an assistant comes from and who can see it. */
export function AssistantBadges({ assistant: a }: { assistant: Assistant }) {
  return (
    <ul aria-label="Labels" className="flex flex-wrap gap-1.5">
      {a.isSystem ? (
        <li>
          <Badge variant="default">
            <Sparkles aria-hidden="true" />
            Built-in
          </Badge>
        </li>
      ) : null}
      {a.isPublic && !a.isSystem ? (
        <li>
          <Badge variant="success">
            <Globe aria-hidden="true" />
            Public
          </Badge>
        </li>
      ) : null}
      {a.isOwned && !a.isPublic ? (
        <li>
          <Badge variant="outline">
            <Lock aria-hidden="true" />
            Private
          </Badge>
        </li>
      ) : null}
      {a.isShared || a.sharedBy ? (
        <li>
          <Badge variant="secondary">
            <Users aria-hidden="true" />
            {a.sharedBy ? `Shared by ${a.sharedBy}` : "Shared with you"}
          </Badge>
        </li>
      ) : null}
      {a.isTeam ? (
        <li>
          <Badge variant="secondary">
            <Building2 aria-hidden="true" />
            Team
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
