// What `#` in the composer shows: the chosen knowledge bases as chips (each removable) and, while a
// `#name` is being typed, a list of the person's collections to pick from with the arrows and Enter.
// The list's code is loaded the first time it opens, with the collections.
import { Library, X } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { lazyChunk } from "@/lib/chunk-load";
import type { ChosenCollection, useCollectionChoice } from "../hooks/use-collection-choice";

export { optionId, PICKER_ID } from "../hooks/use-collection-choice";

const CollectionPickerList = lazyChunk(() =>
  import("./collection-picker-list").then((m) => ({ default: m.CollectionPickerList })),
);

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
  if (!picker.open) return null;
  return (
    <Suspense fallback={null}>
      <CollectionPickerList picker={picker} />
    </Suspense>
  );
}
