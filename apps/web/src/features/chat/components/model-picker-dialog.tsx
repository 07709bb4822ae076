import type { ModelsResponse } from "@tessera/contracts";
import { Crown, GitBranch, Sparkles, type LucideIcon } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cn, formatCount } from "@/lib/utils";
import { useModels } from "../api/get-models";
import { ModelCard } from "./model-card";
import { useTranslation } from "react-i18next";

const GROUP_ICONS: Record<string, LucideIcon> = { sparkles: Sparkles, crown: Crown, "git-branch": GitBranch };
const GROUP_TINTS: Record<string, string> = {
  violet: "bg-violet-500/12 text-violet-600 dark:text-violet-300",
  amber: "bg-amber-500/12 text-amber-700 dark:text-amber-300",
  emerald: "bg-emerald-500/12 text-emerald-700 dark:text-emerald-300",
};

function GroupSection({
  group,
  selected,
  onSelect,
}: {
  group: ModelsResponse["groups"][number];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation("chat");
  const Icon = GROUP_ICONS[group.icon] ?? Sparkles;
  const headingId = `model-group-${group.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2.5">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <span
          className={cn(
            "flex size-6 items-center justify-center rounded-md",
            GROUP_TINTS[group.color] ?? GROUP_TINTS.violet,
          )}
        >
          <Icon className="size-3.5" aria-hidden="true" />
        </span>
        {group.title}
        <span className="text-xs font-normal text-muted-foreground">
          {t("picker.available", {
            available: formatCount(group.models.filter((m) => m.available).length),
            count: group.models.length,
          })}
        </span>
      </h3>
      <div className="grid gap-2 sm:grid-cols-2">
        {group.models.map((model) => (
          <ModelCard key={model.id} model={model} selected={model.id === selected} onSelect={onSelect} />
        ))}
      </div>
    </section>
  );
}

/** Spec §2 'Select AI Model': the groups of models; a choice closes the dialog. */
export function ModelPickerDialog({
  open,
  onOpenChange,
  selected,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation("chat");
  const { data, isPending, isError } = useModels();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[min(44rem,calc(100svh-2rem))] max-w-3xl flex-col gap-0 p-0">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{t("picker.title")}</DialogTitle>
          <DialogDescription>{t("picker.description")}</DialogDescription>
        </DialogHeader>
        <div className="scroll-area flex flex-col gap-6 overflow-y-auto px-6 py-5">
          {isPending ? <Spinner label={t("picker.loading")} className="mx-auto size-6 text-primary" /> : null}
          {isError ? <p className="text-sm text-destructive">{t("picker.loadFailed")}</p> : null}
          {data?.groups.map((group) => (
            <GroupSection
              key={group.id}
              group={group}
              selected={selected}
              onSelect={(id) => {
                onSelect(id);
                onOpenChange(false);
              }}
            />
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
