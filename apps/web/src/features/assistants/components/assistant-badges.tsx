import type { Assistant } from "@tessera/contracts";
import { Building2, Globe, Lock, Sparkles, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** The listing flags of spec §6 as words: where an assistant comes from and who can see it. */
export function AssistantBadges({ assistant: a }: { assistant: Assistant }) {
  const { t } = useTranslation("assistants");
  return (
    <ul aria-label={t("badges.label")} className="flex flex-wrap gap-1.5">
      {a.isSystem ? (
        <li>
          <Badge variant="default">
            <Sparkles aria-hidden="true" />
            {t("badges.builtIn")}
          </Badge>
        </li>
      ) : null}
      {a.isPublic && !a.isSystem ? (
        <li>
          <Badge variant="success">
            <Globe aria-hidden="true" />
            {t("badges.public")}
          </Badge>
        </li>
      ) : null}
      {a.isOwned && !a.isPublic ? (
        <li>
          <Badge variant="outline">
            <Lock aria-hidden="true" />
            {t("badges.private")}
          </Badge>
        </li>
      ) : null}
      {a.isShared || a.sharedBy ? (
        <li>
          <Badge variant="secondary">
            <Users aria-hidden="true" />
            {a.sharedBy ? t("badges.sharedBy", { name: a.sharedBy }) : t("badges.sharedWithYou")}
          </Badge>
        </li>
      ) : null}
      {a.isTeam ? (
        <li>
          <Badge variant="secondary">
            <Building2 aria-hidden="true" />
            {t("badges.team")}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
