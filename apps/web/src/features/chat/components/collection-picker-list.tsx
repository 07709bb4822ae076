// The list `#` opens in the composer while a `#name` is typed: the person's collections, picked with
// the arrows and Enter. Loaded the first time it opens (collection-picker.tsx).
import type { CollectionSummary } from "@tessera/contracts";
import { Library, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { optionId, PICKER_ID, type useCollectionChoice } from "../hooks/use-collection-choice";

export function CollectionPickerList({
  picker,
}: {
  picker: ReturnType<typeof useCollectionChoice>["picker"];
}) {
  const { t } = useTranslation("knowledge");
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
