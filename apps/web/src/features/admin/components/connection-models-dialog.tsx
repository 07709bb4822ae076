// A language-model connection's own model list, searchable (OpenRouter lists hundreds): any of
// them joins the catalogue under a display name and group, for everyone at once.
import { CATALOGUE_GROUP_IDS, type Connection, type UpstreamModel } from "@tessera/contracts";
import { Check, Plus } from "lucide-react";
import { useDeferredValue, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { SearchInput } from "@/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { formatCount } from "@/lib/utils";
import { useAddCatalogueModel } from "../api/add-catalogue-model";
import { useConnectionModels } from "../api/get-connection-models";

/** Rows drawn at once; the search narrows the rest down. */
const SHOWN = 100;

export function ConnectionModelsDialog({
  connection,
  open,
  onOpenChange,
}: {
  connection: Connection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("admin");
  const { data, error, isPending } = useConnectionModels(connection.id);
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const models = data?.models ?? [];
  const matching = deferred
    ? models.filter((m) => `${m.id} ${m.name ?? ""}`.toLowerCase().includes(deferred))
    : models;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[min(44rem,calc(100svh-2rem))] flex-col gap-0 p-0 sm:max-w-2xl">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{t("upstream.title", { name: connection.name })}</DialogTitle>
          <DialogDescription>{t("upstream.description")}</DialogDescription>
          <SearchInput
            className="mt-3"
            aria-label={t("upstream.search")}
            placeholder={t("upstream.search")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </DialogHeader>
        <div className="scroll-area min-h-40 flex-1 overflow-y-auto px-6 py-4">
          {isPending ? (
            <Spinner label={t("upstream.loading")} className="mx-auto size-6 text-primary" />
          ) : error || data?.error ? (
            <p role="alert" className="text-sm text-destructive">
              {t("upstream.unreadable")} {data?.error ?? errorMessage(error)}
            </p>
          ) : matching.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {models.length === 0 ? t("upstream.none") : t("upstream.noMatch", { q: query.trim() })}
            </p>
          ) : (
            <>
              <p className="mb-2 text-xs text-muted-foreground">
                {matching.length === models.length
                  ? t("upstream.count", { count: models.length })
                  : t("upstream.matching", { count: models.length, matching: formatCount(matching.length) })}
                {matching.length > SHOWN ? t("upstream.firstShown", { shown: formatCount(SHOWN) }) : null}
              </p>
              <ul className="flex flex-col divide-y">
                {matching.slice(0, SHOWN).map((m) => (
                  <UpstreamModelRow key={m.id} model={m} connection={connection} />
                ))}
              </ul>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function UpstreamModelRow({ model, connection }: { model: UpstreamModel; connection: Connection }) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState(model.name ?? model.id);
  const [group, setGroup] = useState<(typeof CATALOGUE_GROUP_IDS)[number]>(
    connection.kind === "openai-compatible" ? "open-source" : "industry",
  );
  const { t } = useTranslation("admin");
  const add = useAddCatalogueModel();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { connectionId: connection.id, upstream: model.id, name: name.trim(), group },
      {
        onSuccess: (added) => {
          toast.success(t("upstream.added", { name: added.name }), {
            description: t("upstream.addedTo", { group: t(`groups.${group}`) }),
          });
          setAdding(false);
        },
        onError: (err) => toast.error(t("upstream.notAdded"), { description: errorMessage(err) }),
      },
    );
  };

  return (
    <li className="flex flex-col gap-2 py-2.5">
      <div className="flex items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-mono text-sm">{model.id}</span>
          <span className="truncate text-xs text-muted-foreground">
            {[
              model.name,
              model.contextLength
                ? t("upstream.context", {
                    count: model.contextLength,
                    tokens: formatCount(model.contextLength),
                  })
                : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </div>
        {model.catalogueId ? (
          <Badge variant="success">
            <Check aria-hidden="true" />
            {t("upstream.inCatalogue")}
          </Badge>
        ) : adding ? null : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setAdding(true)}
            aria-label={t("upstream.addLabel", { id: model.id })}
          >
            <Plus aria-hidden="true" />
            {t("connections.addShort")}
          </Button>
        )}
      </div>
      {adding ? (
        <form
          onSubmit={submit}
          className="flex flex-wrap items-end gap-2"
          aria-label={t("upstream.addFormLabel", { id: model.id })}
        >
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs font-medium">
            {t("upstream.displayName")}
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoFocus />
          </label>
          <div className="flex flex-col gap-1">
            <span id={`${id}-group`} className="text-xs font-medium">
              {t("upstream.group")}
            </span>
            <Select value={group} onValueChange={(v) => setGroup(v as typeof group)}>
              <SelectTrigger aria-labelledby={`${id}-group`} className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CATALOGUE_GROUP_IDS.map((g) => (
                  <SelectItem key={g} value={g}>
                    {t(`groups.${g}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" size="sm" className="h-10" disabled={add.isPending || !name.trim()}>
            {t("upstream.addToCatalogue")}
          </Button>
          <Button type="button" size="sm" variant="ghost" className="h-10" onClick={() => setAdding(false)}>
            {t("cancel")}
          </Button>
        </form>
      ) : null}
    </li>
  );
}
