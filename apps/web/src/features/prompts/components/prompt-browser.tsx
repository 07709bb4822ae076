import { PROMPT_CATEGORIES, type PromptTemplate } from "@tessera/contracts";
import { CircleAlert, Plus, RotateCcw, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";
import { usePrompts } from "../api/get-prompts";
import { filterPrompts, type CategoryFilter } from "../utils/filter-prompts";
import { PromptCard } from "./prompt-card";

const TABS: CategoryFilter[] = ["all", ...PROMPT_CATEGORIES.map((c) => c.id)];

function CardSkeletons() {
  const { t } = useTranslation("prompts");
  return (
    <div role="status" aria-label={t("browse.loading")} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="flex h-56 flex-col gap-3 rounded-xl border bg-card p-4">
          <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
          <div className="h-3 w-full animate-pulse rounded bg-muted/70" />
          <div className="h-5 w-24 animate-pulse rounded-full bg-muted/70" />
          <div className="h-14 animate-pulse rounded-lg bg-muted/60" />
          <div className="mt-auto flex justify-end gap-2">
            <div className="h-8 w-16 animate-pulse rounded-md bg-muted" />
            <div className="h-8 w-24 animate-pulse rounded-md bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}

interface PromptBrowserProps {
  category: CategoryFilter;
  onCategoryChange: (category: CategoryFilter) => void;
  search: string;
  onSearchChange: (search: string) => void;
  onNew: () => void;
  usingId: string | null;
  onCopy: (prompt: PromptTemplate) => void;
  onUse: (prompt: PromptTemplate) => void;
  onEdit: (prompt: PromptTemplate) => void;
  onDelete: (prompt: PromptTemplate) => void;
}

/** The library's main view: search box, category tabs and the grid of cards. */
export function PromptBrowser({
  category,
  onCategoryChange,
  search,
  onSearchChange,
  onNew,
  ...card
}: PromptBrowserProps) {
  const { t } = useTranslation("prompts");
  const { data, isPending, isError, error, refetch, isRefetching } = usePrompts();
  const texts = useCatalogueTexts();
  const shown = data
    ? filterPrompts(data, { category, search }, (p) => [
        t(`categories.${p.category}`),
        ...texts.promptTags(p),
      ])
    : [];

  const grid = isPending ? (
    <CardSkeletons />
  ) : isError ? (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{t("browse.loadFailed")}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        {errorMessage(error)}
        <Button variant="outline" size="sm" disabled={isRefetching} onClick={() => void refetch()}>
          <RotateCcw aria-hidden="true" />
          {t("browse.tryAgain")}
        </Button>
      </AlertDescription>
    </Alert>
  ) : shown.length === 0 ? (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm text-muted-foreground">{t("browse.none")}</p>
      {search || category !== "all" ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            onSearchChange("");
            onCategoryChange("all");
          }}
        >
          {t("browse.showAll")}
        </Button>
      ) : null}
    </div>
  ) : (
    <ul aria-label={t("browse.label")} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((prompt) => (
        <li key={prompt.id} className="flex">
          <PromptCard
            prompt={prompt}
            using={card.usingId === prompt.id}
            onCopy={card.onCopy}
            onUse={card.onUse}
            onEdit={card.onEdit}
            onDelete={card.onDelete}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <Tabs
      value={category}
      onValueChange={(value) => onCategoryChange(value as CategoryFilter)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="flex flex-col gap-3 border-b px-4 pb-3 sm:px-6">
        <div className="flex gap-2">
          <SearchInput
            className="flex-1"
            aria-label={t("browse.search")}
            placeholder={t("browse.searchPlaceholder")}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
          <Button variant="outline" onClick={onNew} aria-label={t("form.newTitle")} className="px-3 sm:px-4">
            <Plus aria-hidden="true" />
            <span className="hidden sm:inline">{t("form.newTitle")}</span>
          </Button>
        </div>
        <TabsList
          aria-label={t("browse.categories")}
          className="justify-start overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="flex-none sm:flex-1">
              {t(`categories.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {TABS.map((tab) => (
        <TabsContent
          key={tab}
          value={tab}
          className="scroll-area min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6"
        >
          {tab === category ? grid : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
