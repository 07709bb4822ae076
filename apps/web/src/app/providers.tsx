import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { AuthProvider } from "@/lib/auth-provider";
import { createQueryClient } from "@/lib/query-client";
import { useTheme } from "@/lib/theme";

/**
 * Everything the pages share: data cache, auth session and the one-at-a-time toaster. (Tooltips are
 * provided by the signed-in frame, the only place they appear, so sign-in loads none of their code.)
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <Toaster visibleToasts={1} position="bottom-right" theme={theme} richColors closeButton />
      </AuthProvider>
    </QueryClientProvider>
  );
}
