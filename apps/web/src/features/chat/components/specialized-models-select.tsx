// The welcome screen's model dropdown. Its trigger is drawn here; Radix's Select and its popover
// machinery (~15 KB gzip) start loading when the pointer comes over it or it gets focus, and take
// its place, open, when it is pressed.
import { ChevronDown } from "lucide-react";
import { Suspense, useState, type KeyboardEvent, type PointerEvent } from "react";
import { SELECT_TRIGGER_CLASS } from "@/components/ui/select-trigger-class";
import { lazyChunk } from "@/lib/chunk-load";
import { useModels } from "../api/get-models";
import { useTranslation } from "react-i18next";

const loadListbox = () => import("./specialized-models-listbox");
const SpecializedModelsListbox = lazyChunk(() =>
  loadListbox().then((m) => ({ default: m.SpecializedModelsListbox })),
);

const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

export function SpecializedModelsSelect({ onSelect }: { onSelect: (id: string) => void }) {
  const { t } = useTranslation("chat");
  const { isPending } = useModels();
  const [pressed, setPressed] = useState(false);
  const trigger = (
    <button
      type="button"
      role="combobox"
      aria-label={t("welcome.specialized.select")}
      aria-expanded={false}
      aria-autocomplete="none"
      disabled={isPending}
      data-slot="select-trigger"
      data-placeholder=""
      className={SELECT_TRIGGER_CLASS}
      onPointerEnter={() => void loadListbox()}
      onFocus={() => void loadListbox()}
      onPointerDown={(event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        setPressed(true);
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setPressed(true);
      }}
    >
      <span>{isPending ? t("welcome.specialized.loading") : t("welcome.specialized.choose")}</span>
      <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
    </button>
  );
  if (!pressed) return trigger;
  // Once pressed, Radix's Select stays: it opens now and works on its own from then on.
  return (
    <Suspense fallback={trigger}>
      <SpecializedModelsListbox onSelect={onSelect} />
    </Suspense>
  );
}
