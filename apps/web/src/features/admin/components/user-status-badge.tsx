// A person's standing on the instance, as the people list and their page show it.
import type { AdminUserStatus } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

const VARIANTS = { active: "success", banned: "destructive", unverified: "outline" } as const;

export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  const { t } = useTranslation("admin");
  return <Badge variant={VARIANTS[status]}>{t(`userStatus.${status}`)}</Badge>;
}
