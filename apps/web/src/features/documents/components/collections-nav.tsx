// The knowledge bases a person reads, beside their own documents: pick one to see and add to it, or
// make a new one. A team's collection says so; only its members ever see it.
import type { CollectionSummary } from "@tessera/contracts";
import { FolderPlus, Library, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { cn, formatCount } from "@/lib/utils";

export function CollectionsNav({
  collections,
  error,
  selected,
  ownCount,
  onSelect,
  onCreate,
}: {
  collections: CollectionSummary[] | undefined;
  error: unknown;
  selected: string | null;
  ownCount: number | undefined;
  onSelect: (id: string | null) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation("knowledge");
  const item = (active: boolean) =>
    cn(
      "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm transition-colors hover:bg-muted",
      active && "bg-muted font-medium",
    );
  return (
    <nav aria-labelledby="collections-heading" className="flex flex-col gap-2 rounded-xl border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="collections-heading" className="font-semibold">
          {t("nav.title")}
        </h2>
        <Button size="sm" variant="outline" onClick={onCreate}>
          <FolderPlus aria-hidden="true" />
          {t("nav.new")}
        </Button>
      </div>
      <ul className="flex flex-col gap-0.5">
        <li>
          <button
            type="button"
            className={item(selected === null)}
            aria-current={selected === null ? "true" : undefined}
            onClick={() => onSelect(null)}
          >
            <Library aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1 truncate">{t("nav.own")}</span>
            {ownCount !== undefined ? (
              <span className="text-xs text-muted-foreground">{formatCount(ownCount)}</span>
            ) : null}
          </button>
        </li>
        {(collections ?? []).map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={item(selected === c.id)}
              aria-current={selected === c.id ? "true" : undefined}
              onClick={() => onSelect(c.id)}
            >
              {c.team_id ? (
                <Users aria-label={t("nav.team")} className="size-4 shrink-0 text-muted-foreground" />
              ) : (
                <Library aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              )}
              <span className="min-w-0 flex-1 truncate">{c.name}</span>
              <span className="text-xs text-muted-foreground">{formatCount(c.documents)}</span>
            </button>
          </li>
        ))}
      </ul>
      {collections === undefined && !error ? <Spinner /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {t("nav.failed", { error: errorMessage(error) })}
        </p>
      ) : collections?.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("nav.empty")}</p>
      ) : null}
    </nav>
  );
}
