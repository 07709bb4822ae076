// What an admin does to one person: POST /api/admin/users/:id/ban, /unban and /sign-out, PUT
// /api/admin/users/:id/role and /plan. Each answers with the person as they are now.
import { adminUserDetailSchema, type BanUser, type PlanId, type SetUserRole } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { showChangedUser } from "./get-admin-user";

export type AdminUserAction =
  | { kind: "ban"; body: BanUser }
  | { kind: "unban" }
  | { kind: "sign-out" }
  | { kind: "role"; body: SetUserRole }
  | { kind: "plan"; body: { plan: PlanId } };

const ROUTES = {
  ban: ["POST", "ban"],
  unban: ["POST", "unban"],
  "sign-out": ["POST", "sign-out"],
  role: ["PUT", "role"],
  plan: ["PUT", "plan"],
} as const;

export async function updateAdminUser(id: string, action: AdminUserAction) {
  const [method, path] = ROUTES[action.kind];
  return (
    await apiRequest(`/api/admin/users/${encodeURIComponent(id)}/${path}`, {
      method,
      body: "body" in action ? action.body : undefined,
      schema: adminUserDetailSchema,
    })
  ).data;
}

export function useUpdateAdminUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminUserAction) => updateAdminUser(id, action),
    onSuccess: (user) => showChangedUser(queryClient, user),
  });
}
