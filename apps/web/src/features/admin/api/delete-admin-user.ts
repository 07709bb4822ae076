// DELETE /api/admin/users/:id: the person and all their data go, once their address is typed again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function deleteAdminUser({ id, confirmEmail }: { id: string; confirmEmail: string }) {
  await apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: "DELETE",
    body: { confirmEmail },
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: (_done, { id }) => {
      queryClient.removeQueries({ queryKey: ["admin-user", id] });
      for (const key of ["admin-users", "admin-budgets", "admin-audit"])
        void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
