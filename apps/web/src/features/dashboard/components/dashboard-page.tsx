import { LayoutDashboard } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function DashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      icon={LayoutDashboard}
      description="Your workspace at a glance: usage over the last 30 days, your current plan and quick ways into every tool."
      highlights={[
        "Quick AI Search box",
        "Chats, searches and images in the last 30 days",
        "Current plan and upgrade options",
        "Chat counts per model",
      ]}
    />
  );
}
