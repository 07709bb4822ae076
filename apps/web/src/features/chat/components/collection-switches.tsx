// The Tools popover's knowledge section: a switch per collection the person reads, the same choice
// as `#` in the composer.
import { useTranslation } from "react-i18next";
import { Switch } from "@/components/ui/switch";
import { useCollections } from "@/lib/collections-api";
import type { ChosenCollection } from "../hooks/use-collection-choice";

export function CollectionSwitches({
  chosen,
  onToggle,
}: {
  chosen: ChosenCollection[];
  onToggle: (collection: ChosenCollection, on: boolean) => void;
}) {
  const { t } = useTranslation("knowledge");
  const collections = useCollections();
  const on = new Set(chosen.map((c) => c.id));
  return (
    <section aria-labelledby="tools-knowledge-heading" className="mt-3 border-t pt-3">
      <h3 id="tools-knowledge-heading" className="text-sm font-semibold">
        {t("chat.toolsTitle")}
      </h3>
      <p className="mt-1 text-xs text-muted-foreground">{t("chat.toolsHint")}</p>
      {collections.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("chat.loading")}</p>
      ) : collections.isError ? (
        <p className="mt-2 text-sm text-destructive">{t("chat.failed")}</p>
      ) : collections.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("chat.noneYet")}</p>
      ) : (
        <ul className="mt-2 flex max-h-48 flex-col gap-2 overflow-y-auto">
          {collections.data.map((c) => {
            const id = `collection-switch-${c.id}`;
            return (
              <li key={c.id} className="flex items-center gap-3">
                <Switch id={id} checked={on.has(c.id)} onCheckedChange={(checked) => onToggle(c, checked)} />
                <label htmlFor={id} className="min-w-0 truncate text-sm">
                  {c.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
