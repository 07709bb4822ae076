import { LogOut } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { LogoMark } from "@/components/brand/logo";
import { Sidebar } from "@/components/ui/sidebar";
import { useSidebar } from "@/components/ui/sidebar-context";
import {
  SidebarGroup,
  SidebarLabel,
  SidebarMenuItem,
  sidebarButtonClass,
} from "@/components/ui/sidebar-menu";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { usePublicConfigQuery } from "@/lib/public-config-query";
import { cn } from "@/lib/utils";
import { navGroupsFor } from "./nav-items";
import { useTranslation } from "react-i18next";

export function AppSidebar() {
  const { state, isMobile, setOpenMobile } = useSidebar();
  const collapsed = state === "collapsed" && !isMobile;
  const closeSheet = () => setOpenMobile(false);
  const { user } = useAuth();
  const instanceName = usePublicConfigQuery().data?.instanceName;
  const { t } = useTranslation();

  return (
    <Sidebar>
      <div
        className={cn(
          "flex h-14 shrink-0 items-center border-b border-sidebar-border",
          collapsed ? "justify-center" : "px-4",
        )}
      >
        <Link
          to="/dashboard"
          onClick={closeSheet}
          className="flex items-center gap-2.5 rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
        >
          <LogoMark className={collapsed ? "size-7" : "size-8"} />
          <span className={cn("flex min-w-0 flex-col", collapsed && "sr-only")}>
            <span className="text-base leading-tight font-semibold tracking-tight">Tessera</span>
            {/* The name the admin gave this instance (Admin → Instance settings), beside the product's. */}
            {instanceName ? (
              <span className="truncate text-xs leading-tight text-muted-foreground">{instanceName}</span>
            ) : null}
          </span>
        </Link>
      </div>
      <nav
        aria-label={t("nav.main")}
        className="flex flex-1 flex-col gap-1 scroll-area overflow-x-hidden overflow-y-auto py-2"
      >
        {navGroupsFor(user?.role === "admin").map((group) => (
          <SidebarGroup key={group.label} label={t(group.label)}>
            {group.items.map(({ label, to, icon: Icon, end }) => (
              <SidebarMenuItem key={to} tooltip={t(label)}>
                {(iconOnly) => (
                  <NavLink to={to} end={end} onClick={closeSheet} className={sidebarButtonClass(iconOnly)}>
                    <Icon aria-hidden="true" />
                    <SidebarLabel collapsed={iconOnly}>{t(label)}</SidebarLabel>
                  </NavLink>
                )}
              </SidebarMenuItem>
            ))}
          </SidebarGroup>
        ))}
      </nav>
      <div className="shrink-0 border-t border-sidebar-border p-2">
        <ul>
          <SidebarMenuItem tooltip={t("shell.signOut")}>
            {(iconOnly) => <SignOutButton iconOnly={iconOnly} />}
          </SidebarMenuItem>
        </ul>
      </div>
    </Sidebar>
  );
}

/** Its other props (a tooltip's, when the sidebar shows icons only) go to the button. */
function SignOutButton({ iconOnly, ...props }: { iconOnly: boolean } & ComponentProps<"button">) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();

  const onClick = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      toast.error(t("shell.signedOutHere"), { description: errorMessage(error) });
    }
    void navigate("/auth", { replace: true });
  };

  return (
    <button
      {...props}
      type="button"
      onClick={onClick}
      disabled={busy}
      className={cn(sidebarButtonClass(iconOnly), "hover:text-destructive disabled:opacity-60")}
    >
      {busy ? <Spinner /> : <LogOut aria-hidden="true" />}
      <SidebarLabel collapsed={iconOnly}>{t("shell.signOut")}</SidebarLabel>
    </button>
  );
}
