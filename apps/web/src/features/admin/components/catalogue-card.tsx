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
import { GROUP_LABELS } from "./connection-models-dialog";

const AUTOMATIC = "automatic";

export function CatalogueCard({ connections }: { connections: Connection[] }) {
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
            <CardTitle>Model catalogue</CardTitle>
            <CardDescription>
              What everyone's picker offers. Switch a model off, or choose the connection that serves it; add
              more from a connection's Models.
            </CardDescription>
          </div>
          <SearchInput
            compact
            className="w-full sm:w-56"
            aria-label="Search the catalogue"
            placeholder="Search the catalogue"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {isPending ? (
          <PageSpinner label="Loading the catalogue" />
        ) : error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error)}
          </p>
        ) : (
          CATALOGUE_GROUP_IDS.map((group) => {
            const inGroup = models.filter((m) => m.group === group);
            if (inGroup.length === 0) return null;
            return (
              <section key={group} aria-label={GROUP_LABELS[group]} className="flex flex-col gap-1">
                <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {GROUP_LABELS[group]}
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
          <p className="text-sm text-muted-foreground">No model matches “{query.trim()}”.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function CatalogueRow({ model, routes }: { model: AdminCatalogueModel; routes: Connection[] }) {
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
      { onSuccess: () => setRouting(false), onError: failed("The route was not changed") },
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
            {model.builtIn ? null : <Badge variant="secondary">Added</Badge>}
            {model.fixed ? <Badge variant="outline">Always on</Badge> : null}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            <span className="font-mono">{model.id}</span>
            {" · "}
            {model.servedBy ? (
              `Through ${model.servedBy}${model.upstream ? ` as ${model.upstream}` : ""}`
            ) : (
              <span className="text-amber-700 dark:text-amber-400">Not connected</span>
            )}
          </span>
        </div>
        {model.fixed ? null : (
          <>
            <Button variant="ghost" size="sm" onClick={() => setRouting((v) => !v)} aria-expanded={routing}>
              <Route aria-hidden="true" />
              Route
            </Button>
            {model.builtIn ? null : (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${model.name} from the catalogue`}
                onClick={() => remove.mutate(model.id, { onError: failed("Not removed") })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
            <Switch
              checked={model.enabled}
              disabled={update.isPending}
              aria-label={`${model.name} offered`}
              onCheckedChange={(enabled) =>
                update.mutate({ id: model.id, enabled }, { onError: failed("Not changed") })
              }
            />
          </>
        )}
      </div>
      {routing ? (
        <form
          onSubmit={saveRoute}
          className="flex flex-wrap items-end gap-2 pb-1"
          aria-label={`Route ${model.name}`}
        >
          <div className="flex flex-col gap-1">
            <span id={`${id}-through`} className="text-xs font-medium">
              Served through
            </span>
            <Select value={through} onValueChange={setThrough}>
              <SelectTrigger aria-labelledby={`${id}-through`} className="w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {model.builtIn ? <SelectItem value={AUTOMATIC}>Automatic</SelectItem> : null}
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
              Its name there {model.builtIn ? "(optional)" : ""}
              <Input
                value={upstream}
                onChange={(e) => setUpstream(e.target.value)}
                placeholder={model.builtIn ? "The usual name" : model.id}
              />
            </label>
          ) : null}
          <Button type="submit" size="sm" className="h-10" disabled={update.isPending}>
            Save
          </Button>
        </form>
      ) : null}
    </li>
  );
}
