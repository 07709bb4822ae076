import { PROMPT_TAGS_SHOWN, type PromptTemplate } from "@tessera/contracts";
import { Copy, Globe, Lock, Pencil, Sparkles, Trash2, TrendingUp, Users } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCatalogueTexts } from "@/lib/catalogue-texts";
import { CategoryBadge } from "./category-badge";
import { PromptText } from "./prompt-text";

/** Where a prompt comes from, as far as the server tells us (it does not name other authors). */
function OriginBadge({ prompt }: { prompt: PromptTemplate }) {
  const { t } = useTranslation("prompts");
  if (prompt.isSystem)
    return (
      <Badge variant="secondary">
        <Sparkles aria-hidden="true" />
        {t("origin.builtIn")}
      </Badge>
    );
  if (!prompt.isOwned)
    return (
      <Badge variant="secondary" title={t("origin.sharedHint")}>
        <Users aria-hidden="true" />
        {t("origin.shared")}
      </Badge>
    );
  return prompt.isPublic ? (
    <Badge variant="outline" title={t("origin.publicHint")}>
      <Globe aria-hidden="true" />
      {t("origin.public")}
    </Badge>
  ) : (
    <Badge variant="outline" title={t("origin.privateHint")}>
      <Lock aria-hidden="true" />
      {t("origin.private")}
    </Badge>
  );
}

function Tags({ tags }: { tags: string[] }) {
  const { t } = useTranslation("prompts");
  if (tags.length === 0) return null;
  const rest = tags.slice(PROMPT_TAGS_SHOWN);
  return (
    <ul aria-label={t("form.tags")} className="flex flex-wrap gap-1">
      {tags.slice(0, PROMPT_TAGS_SHOWN).map((tag) => (
        <li key={tag}>
          <Badge variant="outline" className="max-w-[10rem] font-normal text-muted-foreground">
            <span className="truncate">#{tag}</span>
          </Badge>
        </li>
      ))}
      {rest.length > 0 ? (
        <li>
          <Badge variant="secondary" className="font-normal" title={rest.join(", ")}>
            +{rest.length}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}

interface PromptCardProps {
  prompt: PromptTemplate;
  /** This card's Use Prompt is on its way to the server. */
  using: boolean;
  onCopy: (prompt: PromptTemplate) => void;
  onUse: (prompt: PromptTemplate) => void;
  onEdit: (prompt: PromptTemplate) => void;
  onDelete: (prompt: PromptTemplate) => void;
}

/** One prompt in the library: what it is for, a glimpse of its text, and what can be done with it. */
export function PromptCard({ prompt, using, onCopy, onUse, onEdit, onDelete }: PromptCardProps) {
  const { t } = useTranslation("prompts");
  const texts = useCatalogueTexts();
  const titleId = useId();
  const uses = prompt.usageCount;
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/35"
    >
      <header className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={titleId} className="leading-snug font-semibold break-words">
            {prompt.title}
          </h3>
          {prompt.description ? (
            <p className="line-clamp-2 text-sm text-muted-foreground">{prompt.description}</p>
          ) : null}
        </div>
        {prompt.isOwned ? (
          <div className="-mt-1 -mr-2 flex shrink-0">
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-muted-foreground"
              aria-label={t("card.editLabel", { title: prompt.title })}
              title={t("card.edit")}
              onClick={() => onEdit(prompt)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-muted-foreground hover:text-destructive"
              aria-label={t("card.deleteLabel", { title: prompt.title })}
              title={t("card.delete")}
              onClick={() => onDelete(prompt)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </header>
      <div className="flex flex-wrap items-center gap-1.5">
        <CategoryBadge category={prompt.category} />
        <OriginBadge prompt={prompt} />
      </div>
      <div className="rounded-lg bg-muted/60 px-3 py-2">
        <PromptText
          content={prompt.content}
          className="line-clamp-3 text-xs leading-relaxed text-muted-foreground"
        />
      </div>
      <Tags tags={texts.promptTags(prompt)} />
      <footer className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <span
          className="me-auto inline-flex items-center gap-1 text-xs whitespace-nowrap text-muted-foreground tabular-nums"
          data-testid="usage-count"
        >
          <TrendingUp className="size-3.5" aria-hidden="true" />
          {t("card.uses", { count: uses })}
        </span>
        <Button variant="outline" size="sm" onClick={() => onCopy(prompt)}>
          <Copy aria-hidden="true" />
          {t("card.copy")}
        </Button>
        <Button size="sm" disabled={using} onClick={() => onUse(prompt)}>
          {using ? <Spinner className="size-3.5" /> : null}
          {t("usePrompt")}
        </Button>
      </footer>
    </article>
  );
}
