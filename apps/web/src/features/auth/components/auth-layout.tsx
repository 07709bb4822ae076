import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "@/components/brand/logo";
import { ThemeToggle } from "@/components/theme-toggle";

/** The frame of the auth screens: soft gradient, the Tessera mark, a centred card, the legal footer. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-svh flex-col overflow-hidden bg-background">
      <div aria-hidden="true" className="auth-backdrop pointer-events-none absolute inset-0" />
      <div className="relative flex justify-end p-3 sm:p-4">
        <ThemeToggle />
      </div>
      <main className="relative mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-8 px-4 pb-10">
        <header className="flex flex-col items-center gap-3 text-center">
          <Link
            to="/"
            aria-label="Tessera home"
            className="rounded-2xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <LogoMark className="size-12 drop-shadow-md" />
          </Link>
          <div>
            <p className="text-2xl font-semibold tracking-tight">Tessera</p>
            <p className="text-sm text-muted-foreground">Every AI model in one workspace</p>
          </div>
        </header>
        {children}
        <footer className="text-center text-xs leading-relaxed text-muted-foreground">
          By continuing you agree to our{" "}
          <Link
            to="/terms"
            className="font-medium text-foreground/80 underline-offset-4 hover:text-primary hover:underline"
          >
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link
            to="/privacy"
            className="font-medium text-foreground/80 underline-offset-4 hover:text-primary hover:underline"
          >
            Privacy Policy
          </Link>
        </footer>
      </main>
    </div>
  );
}
