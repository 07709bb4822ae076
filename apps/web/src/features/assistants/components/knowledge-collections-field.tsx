// The knowledge bases an assistant answers from, for everyone who uses it: a switch per collection
// the person reads (made on the Documents page).
import { useTranslation } from "react-i18next";
import { Switch } from "@/components/ui/switch";
import { useCollections } from "@/lib/collections-api";

export function KnowledgeCollectionsField({
  ids,
  onChange,
}: {
  ids: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation("knowledge");
  const collections = useCollections();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">{t("assistant.title")}</p>
      <p className="-mt-1 text-xs text-muted-foreground">{t("assistant.hint")}</p>
      {collections.isError ? (
        <p className="text-sm text-destructive">{t("assistant.failed")}</p>
      ) : collections.data?.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("assistant.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {(collections.data ?? []).map((c) => {
            const id = `assistant-collection-${c.id}`;
            return (
              <li key={c.id} className="flex items-center gap-3">
                <Switch
                  id={id}
                  checked={ids.includes(c.id)}
                  onCheckedChange={(on) => onChange(on ? [...ids, c.id] : ids.filter((x) => x !== c.id))}
                />
                <label htmlFor={id} className="min-w-0 truncate text-sm">
                  {c.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
