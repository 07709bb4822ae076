import { Star } from "lucide-react";
import { useModels } from "../api/get-models";
import { cn } from "@/lib/utils";
import { useFavoriteModels } from "@/lib/local-preferences";
import { useTranslation } from "react-i18next";

/** The last three models chosen (spec §3 favoriteModels), one click to switch back. */
export function FavoriteModelChips({
  current,
  onSelect,
}: {
  current: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation("chat");
  const favorites = useFavoriteModels();
  const { data } = useModels();
  const models = data?.groups.flatMap((g) => g.models) ?? [];
  const chips = favorites.flatMap((id) => models.filter((m) => m.id === id && m.available));
  if (chips.length < 2) return null;
  return (
    <ul aria-label={t("toolbar.favorites")} className="hidden items-center gap-1 md:flex">
      <Star className="me-0.5 size-3.5 text-muted-foreground" aria-hidden="true" />
      {chips.map((model) => (
        <li key={model.id}>
          <button
            type="button"
            aria-pressed={model.id === current}
            onClick={() => onSelect(model.id)}
            className={cn(
              "rounded-full border px-2.5 py-0.5 text-xs whitespace-nowrap transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40",
              model.id === current
                ? "border-primary/40 bg-accent font-medium text-accent-foreground"
                : "text-muted-foreground",
            )}
          >
            {model.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
