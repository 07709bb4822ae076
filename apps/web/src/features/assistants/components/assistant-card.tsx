import { findCatalogueModel, type Assistant } from "@tessera/contracts";
import { Cpu, MessageSquare, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useModelsById } from "../api/get-models";
import { AssistantBadges } from "./assistant-badges";
import { FavoriteButton } from "./favorite-button";

/** One assistant: who it is, what it runs on, its labels, and what can be done with it. */
export function AssistantCard({
  assistant,
  onEdit,
  onDelete,
}: {
  assistant: Assistant;
  onEdit: (assistant: Assistant) => void;
  onDelete: (assistant: Assistant) => void;
}) {
  const { t } = useTranslation("assistants");
  const model = useModelsById().get(assistant.settings.model);
  const modelName =
    model?.name ?? findCatalogueModel(assistant.settings.model)?.name ?? assistant.settings.model;
  const unavailable = model && !model.available ? model.unavailableReason : null;
  return (
    <article
      aria-label={assistant.name}
      className="flex h-full flex-col rounded-xl border bg-card text-card-foreground shadow-sm shadow-black/[0.03] transition hover:border-primary/30"
    >
      <div className="flex items-start gap-3 p-4 pb-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500/10 to-violet-500/15 text-2xl ring-1 ring-primary/10"
        >
          {assistant.avatar || "🤖"}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate leading-tight font-semibold">{assistant.name}</h2>
          <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
            <Cpu className="size-3 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t("card.model")} </span>
            <span className="min-w-0 break-words">{modelName}</span>
            {unavailable ? (
              <span className="text-amber-700 dark:text-amber-400" title={unavailable}>
                · {t("card.unavailable")}
              </span>
            ) : null}
          </p>
        </div>
        <FavoriteButton assistant={assistant} />
      </div>
      <div className="flex flex-1 flex-col gap-3 px-4 pb-4">
        <p className="line-clamp-2 text-sm text-muted-foreground">
          {assistant.description || t("card.noDescription")}
        </p>
        <AssistantBadges assistant={assistant} />
      </div>
      <div className="flex items-center gap-1 border-t px-3 py-2.5">
        <Button asChild size="sm">
          <Link
            to={`/dashboard/chat?assistant=${encodeURIComponent(assistant.id)}`}
            aria-label={t("card.chatWith", { name: assistant.name })}
          >
            <MessageSquare aria-hidden="true" />
            {t("card.chat")}
          </Link>
        </Button>
        {assistant.isOwned ? (
          <div className="ms-auto flex items-center gap-0.5">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t("card.edit", { name: assistant.name })}
              onClick={() => onEdit(assistant)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
              aria-label={t("card.delete", { name: assistant.name })}
              onClick={() => onDelete(assistant)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
