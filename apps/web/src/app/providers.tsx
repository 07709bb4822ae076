import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Suspense, useState, type ReactNode } from "react";
import { AuthProvider } from "@/lib/auth-provider";
import { lazyChunk } from "@/lib/chunk-load";
import { createQueryClient } from "@/lib/query-client";
import { useTheme } from "@/lib/theme";
import { loadSonner, useToastsWanted } from "@/lib/toast";

const Toaster = lazyChunk(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * Everything the pages share: data cache, auth session and the one-at-a-time toaster, mounted with
 * the first toast (lib/toast.ts).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { theme } = useTheme();
  const toastsWanted = useToastsWanted();
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        {toastsWanted && (
          <Suspense fallback={null}>
            {/* Above the page: a bottom corner would cover the chat's Send and Stop buttons. */}
            <Toaster visibleToasts={1} position="top-center" theme={theme} richColors closeButton />
          </Suspense>
        )}
      </AuthProvider>
    </QueryClientProvider>
  );
}
