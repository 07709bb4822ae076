import { SEARCH_QUERY_MAX } from "@tessera/contracts";
import { Search, Square } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useStopGrace } from "@/lib/use-stop-grace";
import { cn } from "@/lib/utils";

/**
 * A question box with its button: Search while idle (disabled while blank), Stop while a search runs.
 * Used for new questions at the top and for follow-ups under the thread.
 */
export function SearchForm({
  value,
  onValueChange,
  onSubmit,
  onStop,
  isSearching,
  label,
  placeholder,
  submitLabel,
  size = "lg",
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onSubmit: (query: string) => void;
  onStop?: () => void;
  isSearching: boolean;
  label: string;
  placeholder: string;
  submitLabel: string;
  size?: "lg" | "default";
  /** Shown under the box (the search options). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("search");
  const blank = value.trim() === "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !isSearching) onSubmit(value.trim());
  };
  const afterStop = useStopGrace(isSearching, value);
  const large = size === "lg";
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex flex-col gap-3">
      <div
        className={cn(
          "flex items-center gap-2 rounded-2xl border bg-card p-1.5 ps-3.5 shadow-sm transition-[box-shadow,border-color] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/20",
          !large && "rounded-xl p-1 ps-3",
        )}
      >
        <Search className="size-4.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <input
          type="search"
          aria-label={label}
          value={value}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={placeholder}
          onChange={(event) => onValueChange(event.target.value)}
          className={cn(
            "h-10 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground/80 [&::-webkit-search-cancel-button]:hidden",
            !large && "h-9 text-sm",
          )}
        />
        {isSearching && onStop ? (
          <Button key="stop" type="button" variant="outline" onClick={onStop} className={cn(!large && "h-9")}>
            <Square className="size-3.5 fill-current" aria-hidden="true" />
            {t("form.stop")}
          </Button>
        ) : (
          <Button
            key="submit"
            type="submit"
            disabled={blank || isSearching}
            onClick={afterStop}
            className={cn(!large && "h-9")}
          >
            {submitLabel}
          </Button>
        )}
      </div>
      {children}
    </form>
  );
}
