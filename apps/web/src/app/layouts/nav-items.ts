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
    label: "Core Features",
    items: [
      { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard, end: true },
      { label: "AI Chat", to: "/dashboard/chat", icon: MessageSquare },
      { label: "Compare", to: "/dashboard/compare", icon: Columns3 },
      { label: "Assistants", to: "/dashboard/assistants", icon: Bot },
      { label: "AI Search", to: "/dashboard/jigsaw-search", icon: Search },
      { label: "Documents", to: "/dashboard/documents", icon: FileText },
      ...(features.voice ? [{ label: "AI Voice", to: "/dashboard/voice", icon: AudioLines }] : []),
      ...(features.images ? [{ label: "AI Images", to: "/dashboard/images", icon: Image }] : []),
    ],
  },
  {
    label: "Settings",
    items: [
      { label: "Settings", to: "/dashboard/team-settings", icon: Settings },
      { label: "Account", to: "/dashboard/account", icon: UserRound },
    ],
  },
  {
    label: "Admin",
    items: [
      { label: "Users", to: "/dashboard/admin/users", icon: Users, adminOnly: true },
      { label: "Usage", to: "/dashboard/admin/usage", icon: ChartColumn, adminOnly: true },
      { label: "Budgets", to: "/dashboard/admin/budgets", icon: Gauge, adminOnly: true },
      { label: "Mail", to: "/dashboard/admin/mail", icon: Mail, adminOnly: true },
      { label: "Connections", to: "/dashboard/admin/connections", icon: PlugZap, adminOnly: true },
      { label: "Local models", to: "/dashboard/admin/local-models", icon: Cpu, adminOnly: true },
      { label: "Tools", to: "/dashboard/admin/tools", icon: Wrench, adminOnly: true },
      { label: "Sign-in", to: "/dashboard/admin/sign-in", icon: KeyRound, adminOnly: true },
      {
        label: "Instance settings",
        to: "/dashboard/admin/settings",
        icon: SlidersHorizontal,
        adminOnly: true,
      },
      { label: "Audit log", to: "/dashboard/admin/audit", icon: ScrollText, adminOnly: true },
    ],
  },
];

/** The groups as one person sees them: admin-only entries (and a group left empty) only for instance admins. */
export const navGroupsFor = (isAdmin: boolean): NavGroup[] =>
  navGroups
    .map((g) => ({ ...g, items: g.items.filter((i) => isAdmin || !i.adminOnly) }))
    .filter((g) => g.items.length > 0);
