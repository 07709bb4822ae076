// Quick Actions (spec 000 §2): seven ways into the workspace's tools.
import {
  AudioLines,
  ChevronRight,
  Image,
  Images,
  MessageSquare,
  Search,
  Settings,
  Sparkles,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Each action: its text under `actions.` in the dashboard namespace, where it goes, its icon. */
export const QUICK_ACTIONS: { label: string; to: string; icon: LucideIcon }[] = [
  { label: "chat", to: "/dashboard/chat", icon: MessageSquare },
  { label: "aiSearch", to: "/dashboard/tessera-search", icon: Sparkles },
  { label: "images", to: "/dashboard/images", icon: Image },
  { label: "jigsaw", to: "/dashboard/jigsaw-search", icon: Search },
  { label: "voice", to: "/dashboard/voice", icon: AudioLines },
  { label: "team", to: "/dashboard/team-settings", icon: Settings },
  { label: "history", to: "/dashboard/image-history", icon: Images },
];

export function QuickActions() {
  const { t } = useTranslation("dashboard");
  return (
    <Card role="region" aria-labelledby="quick-actions-heading">
      <CardHeader className="pb-3">
        <CardTitle id="quick-actions-heading" className="text-base">
          {t("actions.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
          {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-center gap-2.5 rounded-lg border bg-background px-3 py-2.5 text-sm font-medium transition-colors hover:border-primary/30 hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{t(`actions.${label}`)}</span>
                <ChevronRight
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
