import type { LucideIcon } from "lucide-react";
import {
  AudioLines,
  ChartColumn,
  Bot,
  Columns3,
  Cpu,
  FileText,
  Gauge,
  Image,
  KeyRound,
  LayoutDashboard,
  Mail,
  MessageSquare,
  PlugZap,
  ScrollText,
  Search,
  Settings,
  SlidersHorizontal,
  UserRound,
  Users,
  Wrench,
} from "lucide-react";
import { features } from "@/lib/features";

export interface NavItem {
  /** A key of the common namespace (locales/en/common.json), shown through t(). */
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard index would otherwise match every page). */
  end?: boolean;
  /** Shown only to instance admins. */
  adminOnly?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const navGroups: NavGroup[] = [
  {
    label: "nav.groups.core",
    items: [
      { label: "nav.dashboard", to: "/dashboard", icon: LayoutDashboard, end: true },
      { label: "nav.chat", to: "/dashboard/chat", icon: MessageSquare },
      { label: "nav.compare", to: "/dashboard/compare", icon: Columns3 },
      { label: "nav.assistants", to: "/dashboard/assistants", icon: Bot },
      { label: "nav.search", to: "/dashboard/jigsaw-search", icon: Search },
      { label: "nav.documents", to: "/dashboard/documents", icon: FileText },
      ...(features.voice ? [{ label: "nav.voice", to: "/dashboard/voice", icon: AudioLines }] : []),
      ...(features.images ? [{ label: "nav.images", to: "/dashboard/images", icon: Image }] : []),
    ],
  },
  {
    label: "nav.groups.settings",
    items: [
      { label: "nav.teamSettings", to: "/dashboard/team-settings", icon: Settings },
      { label: "nav.account", to: "/dashboard/account", icon: UserRound },
    ],
  },
  {
    label: "nav.groups.admin",
    items: [
      { label: "nav.users", to: "/dashboard/admin/users", icon: Users, adminOnly: true },
      { label: "nav.usage", to: "/dashboard/admin/usage", icon: ChartColumn, adminOnly: true },
      { label: "nav.budgets", to: "/dashboard/admin/budgets", icon: Gauge, adminOnly: true },
      { label: "nav.mail", to: "/dashboard/admin/mail", icon: Mail, adminOnly: true },
      { label: "nav.connections", to: "/dashboard/admin/connections", icon: PlugZap, adminOnly: true },
      { label: "nav.localModels", to: "/dashboard/admin/local-models", icon: Cpu, adminOnly: true },
      { label: "nav.tools", to: "/dashboard/admin/tools", icon: Wrench, adminOnly: true },
      { label: "nav.signIn", to: "/dashboard/admin/sign-in", icon: KeyRound, adminOnly: true },
      {
        label: "nav.instanceSettings",
        to: "/dashboard/admin/settings",
        icon: SlidersHorizontal,
        adminOnly: true,
      },
      { label: "nav.auditLog", to: "/dashboard/admin/audit", icon: ScrollText, adminOnly: true },
    ],
  },
];

/** The groups as one person sees them: admin-only entries (and a group left empty) only for instance admins. */
export const navGroupsFor = (isAdmin: boolean): NavGroup[] =>
  navGroups
    .map((g) => ({ ...g, items: g.items.filter((i) => isAdmin || !i.adminOnly) }))
    .filter((g) => g.items.length > 0);
