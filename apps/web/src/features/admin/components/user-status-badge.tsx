// A person's standing on the instance, as the people list and their page show it.
import { STATUS_LABELS } from "../utils/format";
import type { AdminUserStatus } from "@tessera/contracts";
import { Badge } from "@/components/ui/badge";

const VARIANTS = { active: "success", banned: "destructive", unverified: "outline" } as const;

export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
