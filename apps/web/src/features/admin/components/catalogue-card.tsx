// The model catalogue as the admin manages it: every model switched on or off for everyone, each
// routed automatically or through a chosen connection, and the models added from connections.
import {
  CATALOGUE_GROUP_IDS,
  CONNECTION_KIND_INFO,
  type AdminCatalogueModel,
  type Connection,
} from "@tessera/contracts";
import { Route, Trash2 } from "lucide-react";
import { useDeferredValue, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { SearchInput } from "@/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PageSpinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAdminModels } from "../api/get-admin-models";
import { useRemoveCatalogueModel } from "../api/remove-catalogue-model";
import { useUpdateCatalogueModel } from "../api/update-catalogue-model";

const AUTOMATIC = "automatic";

export function CatalogueCard({ connections }: { connections: Connection[] }) {
  const { t } = useTranslation("admin");
  const { data, error, isPending } = useAdminModels(true);
  const [query, setQuery] = useState("");
  const q = useDeferredValue(query.trim().toLowerCase());
  const routes = connections.filter((c) => CONNECTION_KIND_INFO[c.kind].capability === "language");
  const models = (data?.models ?? []).filter((m) => !q || `${m.name} ${m.id}`.toLowerCase().includes(q));

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>{t("catalogue.title")}</CardTitle>
            <CardDescription>{t("catalogue.description")}</CardDescription>
          </div>
          <SearchInput
            compact
            className="w-full sm:w-56"
            aria-label={t("catalogue.search")}
            placeholder={t("catalogue.search")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {isPending ? (
          <PageSpinner label={t("catalogue.loading")} />
        ) : error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error)}
          </p>
        ) : (
          CATALOGUE_GROUP_IDS.map((group) => {
            const inGroup = models.filter((m) => m.group === group);
            if (inGroup.length === 0) return null;
            return (
              <section key={group} aria-label={t(`groups.${group}`)} className="flex flex-col gap-1">
                <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {t(`groups.${group}`)}
                </h3>
                <ul className="flex flex-col divide-y rounded-lg border">
                  {inGroup.map((m) => (
                    <CatalogueRow key={m.id} model={m} routes={routes} />
                  ))}
                </ul>
              </section>
            );
          })
        )}
        {!isPending && !error && models.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("upstream.noMatch", { q: query.trim() })}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function CatalogueRow({ model, routes }: { model: AdminCatalogueModel; routes: Connection[] }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const update = useUpdateCatalogueModel();
  const remove = useRemoveCatalogueModel();
  const [routing, setRouting] = useState(false);
  const [through, setThrough] = useState(model.connectionId ?? AUTOMATIC);
  const [upstream, setUpstream] = useState(model.upstream ?? "");
  const failed = (what: string) => (err: Error) => toast.error(what, { description: errorMessage(err) });

  const saveRoute = (event: FormEvent) => {
    event.preventDefault();
    const connectionId = through === AUTOMATIC ? null : through;
    update.mutate(
      { id: model.id, connectionId, upstream: connectionId ? upstream.trim() || null : null },
      { onSuccess: () => setRouting(false), onError: failed(t("catalogue.routeNotChanged")) },
    );
  };

  return (
    <li className="flex flex-col gap-2 px-3 py-2.5" aria-label={model.name}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className={model.enabled ? "font-medium" : "font-medium text-muted-foreground"}>
              {model.name}
            </span>
            {model.builtIn ? null : <Badge variant="secondary">{t("catalogue.added")}</Badge>}
            {model.fixed ? <Badge variant="outline">{t("catalogue.alwaysOn")}</Badge> : null}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            <span className="font-mono">{model.id}</span>
            {" · "}
            {model.servedBy ? (
              model.upstream ? (
                t("catalogue.throughAs", { via: model.servedBy, upstream: model.upstream })
              ) : (
                t("catalogue.through", { via: model.servedBy })
              )
            ) : (
              <span className="text-amber-700 dark:text-amber-400">{t("catalogue.notConnected")}</span>
            )}
          </span>
        </div>
        {model.fixed ? null : (
          <>
            <Button variant="ghost" size="sm" onClick={() => setRouting((v) => !v)} aria-expanded={routing}>
              <Route aria-hidden="true" />
              {t("catalogue.route")}
            </Button>
            {model.builtIn ? null : (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("catalogue.removeLabel", { name: model.name })}
                onClick={() => remove.mutate(model.id, { onError: failed(t("catalogue.notRemoved")) })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
            <Switch
              checked={model.enabled}
              disabled={update.isPending}
              aria-label={t("catalogue.offered", { name: model.name })}
              onCheckedChange={(enabled) =>
                update.mutate({ id: model.id, enabled }, { onError: failed(t("catalogue.notChanged")) })
              }
            />
          </>
        )}
      </div>
      {routing ? (
        <form
          onSubmit={saveRoute}
          className="flex flex-wrap items-end gap-2 pb-1"
          aria-label={t("catalogue.routeLabel", { name: model.name })}
        >
          <div className="flex flex-col gap-1">
            <span id={`${id}-through`} className="text-xs font-medium">
              {t("catalogue.servedThrough")}
            </span>
            <Select value={through} onValueChange={setThrough}>
              <SelectTrigger aria-labelledby={`${id}-through`} className="w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {model.builtIn ? <SelectItem value={AUTOMATIC}>{t("catalogue.automatic")}</SelectItem> : null}
                {routes.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {through !== AUTOMATIC ? (
            <label className="flex min-w-44 flex-1 flex-col gap-1 text-xs font-medium">
              {model.builtIn ? t("catalogue.upstreamOptional") : t("catalogue.upstream")}
              <Input
                value={upstream}
                dir="ltr"
                onChange={(e) => setUpstream(e.target.value)}
                placeholder={model.builtIn ? t("catalogue.usualName") : model.id}
              />
            </label>
          ) : null}
          <Button type="submit" size="sm" className="h-10" disabled={update.isPending}>
            {t("catalogue.save")}
          </Button>
        </form>
      ) : null}
    </li>
  );
}
