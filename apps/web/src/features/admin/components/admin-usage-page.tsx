// The instance admin's usage page: active people (7 and 30 days), events a day (30), top pages, and
// model spend (tokens and cost) over any range of days, by day, person, team and model, with the
// OpenAI-compatible API apart (spend-section.tsx).
import type { AdminUsage } from "@tessera/contracts";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminUsage, type UsageRange } from "../api/get-admin-usage";
import { SpendSection } from "./spend-section";

export function AdminUsagePage() {
  useDocumentTitle("Usage");
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  // Empty: the server's default, the last 30 days.
  const [range, setRange] = useState<UsageRange>({ from: "", to: "" });
  const { data, error, isPending, isFetching } = useAdminUsage(range, isAdmin);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Usage</h1>
        <p className="text-sm text-muted-foreground">
          How this instance is used: people, page views and events, and the tokens and cost of model calls.
        </p>
      </header>
      {!isAdmin ? (
        <p role="alert">Only administrators of this instance can see usage.</p>
      ) : error ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert">{errorMessage(error)}</p>
          {range.from ? (
            <Button variant="outline" onClick={() => setRange({ from: "", to: "" })}>
              Show the last 30 days
            </Button>
          ) : null}
        </div>
      ) : isPending ? (
        <PageSpinner />
      ) : (
        <>
          <SpendSection report={data.spend} busy={isFetching} onRange={setRange} />
          <UsageCards usage={data} />
        </>
      )}
    </div>
  );
}

function UsageCards({ usage }: { usage: AdminUsage }) {
  const busiest = Math.max(1, ...usage.eventsPerDay.map((d) => d.count));
  const total = usage.eventsPerDay.reduce((n, d) => n + d.count, 0);
  return (
    <>
      <h2 className="text-lg font-semibold tracking-tight">Activity, last 30 days</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Stat label="Active users, last 7 days" value={usage.activeUsers7d} />
        <Stat label="Active users, last 30 days" value={usage.activeUsers30d} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Events per day</CardTitle>
          <CardDescription>{total} events in the last 30 days.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="flex h-40 items-end gap-1" aria-label="Events per day">
            {usage.eventsPerDay.map((d) => (
              <li
                key={d.date}
                title={`${d.date}: ${d.count}`}
                aria-label={`${d.date}: ${d.count} events`}
                className="flex-1 rounded-t bg-primary/80"
                style={{ height: `${Math.max(2, (d.count / busiest) * 100)}%` }}
              />
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Top pages</CardTitle>
          <CardDescription>Page views in the last 30 days.</CardDescription>
        </CardHeader>
        <CardContent>
          {usage.topPages.length === 0 ? (
            <p className="text-sm text-muted-foreground">No page views yet.</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1 font-medium">Page</th>
                  <th className="py-1 text-right font-medium">Views</th>
                </tr>
              </thead>
              <tbody>
                {usage.topPages.map((p) => (
                  <tr key={p.pagePath} className="border-t">
                    <td className="py-1.5 font-mono text-xs">{p.pagePath}</td>
                    <td className="py-1.5 text-right tabular-nums">{p.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle className="text-3xl tabular-nums">{value}</CardTitle>
      </CardHeader>
    </Card>
  );
}
