// Team Analytics (spec §2, §3): the members' messages, searches and images, who was active in the
// last 30 days, the last activity, and the team's size.
import type { TeamAnalytics } from "@tessera/contracts";
import { Activity, Clock, Image, MessageSquare, Search, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatWhen } from "@/lib/utils";

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border p-4">
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        {icon}
        {label}
      </span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
    </div>
  );
}

export function TeamAnalyticsCard({
  analytics,
  memberCount,
}: {
  analytics: TeamAnalytics | null;
  memberCount: number;
}) {
  const { t } = useTranslation("teams");
  const icon = "size-4";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("analytics.title")}</CardTitle>
        <CardDescription>{t("analytics.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {analytics ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Stat
              icon={<MessageSquare aria-hidden="true" className={icon} />}
              label={t("analytics.messages")}
              value={formatCount(analytics.totalMessages)}
            />
            <Stat
              icon={<Search aria-hidden="true" className={icon} />}
              label={t("analytics.searches")}
              value={formatCount(analytics.totalSearches)}
            />
            <Stat
              icon={<Image aria-hidden="true" className={icon} />}
              label={t("analytics.images")}
              value={formatCount(analytics.totalImages)}
            />
            <Stat
              icon={<Activity aria-hidden="true" className={icon} />}
              label={t("analytics.active")}
              value={formatCount(analytics.activeMembers)}
            />
            <Stat
              icon={<Clock aria-hidden="true" className={icon} />}
              label={t("analytics.lastActivity")}
              value={
                <span className="text-base">
                  {analytics.lastActivityDate
                    ? formatWhen(analytics.lastActivityDate)
                    : t("analytics.noActivity")}
                </span>
              }
            />
            <Stat
              icon={<Users aria-hidden="true" className={icon} />}
              label={t("analytics.growth")}
              value={t("memberCount", { count: memberCount })}
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("analytics.none")}</p>
        )}
      </CardContent>
    </Card>
  );
}
