// Team Analytics (spec §2, §3): the members' messages, searches and images, who was active in the
// last 30 days, the last activity, and the team's size.
import type { TeamAnalytics } from "@tessera/contracts";
import { Activity, Clock, Image, MessageSquare, Search, Users } from "lucide-react";
import type { ReactNode } from "react";
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
  const icon = "size-4";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team Analytics</CardTitle>
        <CardDescription>
          How your team uses Tessera: messages, searches and images of all members.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {analytics ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Stat
              icon={<MessageSquare aria-hidden="true" className={icon} />}
              label="Total Messages"
              value={formatCount(analytics.totalMessages)}
            />
            <Stat
              icon={<Search aria-hidden="true" className={icon} />}
              label="Total Searches"
              value={formatCount(analytics.totalSearches)}
            />
            <Stat
              icon={<Image aria-hidden="true" className={icon} />}
              label="Images Generated"
              value={formatCount(analytics.totalImages)}
            />
            <Stat
              icon={<Activity aria-hidden="true" className={icon} />}
              label="Active Members"
              value={formatCount(analytics.activeMembers)}
            />
            <Stat
              icon={<Clock aria-hidden="true" className={icon} />}
              label="Last Activity"
              value={
                <span className="text-base">
                  {analytics.lastActivityDate ? formatWhen(analytics.lastActivityDate) : "No activity yet"}
                </span>
              }
            />
            <Stat
              icon={<Users aria-hidden="true" className={icon} />}
              label="Team Growth"
              value={`${formatCount(memberCount)} ${memberCount === 1 ? "member" : "members"}`}
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No analytics data available yet</p>
        )}
      </CardContent>
    </Card>
  );
}
