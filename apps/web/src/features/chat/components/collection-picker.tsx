// What `#` in the composer shows: the chosen knowledge bases as chips (each removable) and, while a
// `#name` is being typed, a list of the person's collections to pick from with the arrows and Enter.
import type { CollectionSummary } from "@tessera/contracts";
import { Library, Users, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import type { ChosenCollection, useCollectionChoice } from "../hooks/use-collection-choice";

export const PICKER_ID = "collection-picker";
export const optionId = (id: string) => `collection-option-${id}`;

export function CollectionChips({
  chosen,
  onRemove,
}: {
  chosen: ChosenCollection[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation("knowledge");
  if (chosen.length === 0) return null;
  return (
    <ul aria-label={t("chat.chosen")} className="flex flex-wrap gap-1.5 px-3 pt-3">
      {chosen.map((c) => (
        <li
          key={c.id}
          className="flex max-w-[16rem] items-center gap-1 rounded-full border bg-primary/8 py-0.5 ps-2 pe-0.5 text-xs text-primary"
        >
          <Library aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">#{c.name}</span>
          <button
            type="button"
            aria-label={t("chat.remove", { name: c.name })}
            onClick={() => onRemove(c.id)}
            className="flex size-5 shrink-0 items-center justify-center rounded-full outline-none hover:bg-primary/15 focus-visible:ring-2 focus-visible:ring-ring/40"
          >
            <X aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function CollectionPicker({ picker }: { picker: ReturnType<typeof useCollectionChoice>["picker"] }) {
  const { t } = useTranslation("knowledge");
  if (!picker.open) return null;
  return (
    <div className="absolute inset-x-0 bottom-full z-30 mb-2 rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-lg">
      <p className="px-2 pt-1 pb-1.5 text-xs font-medium text-muted-foreground">{t("chat.pickerTitle")}</p>
      {picker.loading ? (
        <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("chat.loading")}</p>
      ) : picker.failed ? (
        <p className="px-2 py-1.5 text-sm text-destructive">{t("chat.failed")}</p>
      ) : picker.options.length === 0 ? (
        <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("chat.none")}</p>
      ) : null}
      <ul
        id={PICKER_ID}
        role="listbox"
        aria-label={t("chat.pickerTitle")}
        className="max-h-56 overflow-y-auto"
      >
        {picker.options.map((c: CollectionSummary, i) => (
          <li
            key={c.id}
            id={optionId(c.id)}
            role="option"
            aria-selected={i === picker.active}
            onMouseEnter={() => picker.setActive(i)}
            // Chosen on mouse down, before the message box loses focus.
            onMouseDown={(e) => {
              e.preventDefault();
              picker.pick(c);
            }}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm",
              i === picker.active && "bg-accent text-accent-foreground",
            )}
          >
            {c.team_id ? (
              <Users aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            ) : (
              <Library aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            )}
            <span className="min-w-0 flex-1 truncate">{c.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">
              {c.team_id ? t("nav.team") : t("nav.personal")} · {t("chat.documents", { count: c.documents })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
