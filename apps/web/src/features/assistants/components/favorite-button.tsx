import type { Assistant } from "@tessera/contracts";
import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { useSetFavorite } from "../api/set-favorite";

/** The star on an assistant's card: pressed means it is in Favorites. */
export function FavoriteButton({ assistant }: { assistant: Assistant }) {
  const { t } = useTranslation("assistants");
  const setFavorite = useSetFavorite();
  const on = assistant.isFavorite;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t("favorite.label", { name: assistant.name })}
      title={on ? t("favorite.remove") : t("favorite.add")}
      onClick={() => setFavorite.mutate({ id: assistant.id, favorite: !on })}
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition outline-none",
        "hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40",
        on && "text-amber-500 hover:text-amber-600 dark:text-amber-400",
      )}
    >
      <Star className={cn("size-[1.1rem]", on && "fill-current")} aria-hidden="true" />
    </button>
  );
}
