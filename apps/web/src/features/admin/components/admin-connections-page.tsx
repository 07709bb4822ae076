// Admin → Connections: the providers this instance uses, by what they do. Each connection made here
// can be tested, edited, switched off and removed; those the server's environment sets are shown
// read-only, and where both name one, the page's wins. Below, the model catalogue.
import {
  CAPABILITY_LABELS,
  CONNECTION_KIND_INFO,
  CONNECTION_KINDS,
  type Capability,
  type Connection,
  type ConnectionKind,
  type EnvironmentProvider,
} from "@tessera/contracts";
import { Plus, Server } from "lucide-react";
import { useState } from "react";
import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useConnections } from "../api/get-connections";
import { CatalogueCard } from "./catalogue-card";
import { ConnectionDialog } from "./connection-dialog";
import { ConnectionRow } from "./connection-row";
import { EmbeddingModelCard } from "./embedding-model-card";

const CAPABILITIES = Object.keys(CAPABILITY_LABELS) as Capability[];

const firstKindOf = (capability: Capability): ConnectionKind =>
  CONNECTION_KINDS.find((k) => CONNECTION_KIND_INFO[k].capability === capability)!;

export function AdminConnectionsPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("connections.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useConnections(isAdmin);
  const [adding, setAdding] = useState<ConnectionKind | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t("connections.title")}</h1>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("connections.intro")}</p>
        </div>
        {isAdmin ? (
          <Button onClick={() => setAdding("openrouter")}>
            <Plus aria-hidden="true" />
            {t("connections.add")}
          </Button>
        ) : null}
      </header>
      {!isAdmin ? (
        <p role="alert">{t("connections.adminsOnly")}</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label={t("connections.loading")} />
      ) : (
        <>
          {CAPABILITIES.map((capability) => (
            <CapabilitySection
              key={capability}
              capability={capability}
              connections={data.connections.filter(
                (c) => CONNECTION_KIND_INFO[c.kind].capability === capability,
              )}
              environment={data.environment.filter(
                (p) => CONNECTION_KIND_INFO[p.kind].capability === capability,
              )}
              all={data.connections}
              onAdd={() => setAdding(firstKindOf(capability))}
            />
          ))}
          <CatalogueCard connections={data.connections} />
          <EmbeddingModelCard />
        </>
      )}
      <ConnectionDialog
        open={adding !== null}
        onOpenChange={(open) => !open && setAdding(null)}
        initialKind={adding ?? "openrouter"}
      />
    </div>
  );
}

function CapabilitySection({
  capability,
  connections,
  environment,
  all,
  onAdd,
}: {
  capability: Capability;
  connections: Connection[];
  environment: EnvironmentProvider[];
  all: Connection[];
  onAdd: () => void;
}) {
  const { t } = useTranslation("admin");
  const headingId = `connections-${capability}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {t(`capabilities.${capability}.title`)}
        </h2>
        <Button variant="ghost" size="sm" onClick={onAdd} aria-label={t(`capabilities.${capability}.add`)}>
          <Plus aria-hidden="true" />
          {t("connections.addShort")}
        </Button>
      </div>
      {connections.length === 0 && environment.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-3 text-sm text-muted-foreground">
          {t(`capabilities.${capability}.fallback`)}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {connections.map((c) => (
            <ConnectionRow key={c.id} connection={c} />
          ))}
          {environment.map((p) => (
            <EnvironmentRow
              key={`${p.kind}:${p.name}`}
              provider={p}
              replacedBy={all.find((c) => c.id === p.overriddenBy)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Generic names the server gives what its environment connects (environment-providers.ts); brands stay. */
const ENVIRONMENT_NAMES: Record<string, "speech" | "transcription" | "mail" | "openaiImages"> = {
  "OpenAI images": "openaiImages",
  "Text to speech": "speech",
  Transcription: "transcription",
  "Mail server": "mail",
};
const AT_HOST = /^(Model|Image) server at (.+)$/;

function environmentName(t: TFunction<"admin">, name: string): string {
  const key = Object.hasOwn(ENVIRONMENT_NAMES, name) ? ENVIRONMENT_NAMES[name] : undefined;
  if (key) return t(`connections.environmentNames.${key}`);
  const at = AT_HOST.exec(name);
  if (at)
    return at[1] === "Model"
      ? t("connections.environmentNames.modelServer", { host: at[2] })
      : t("connections.environmentNames.imageServer", { host: at[2] });
  return name;
}

function EnvironmentRow({
  provider,
  replacedBy,
}: {
  provider: EnvironmentProvider;
  replacedBy?: Connection;
}) {
  const { t } = useTranslation("admin");
  const name = environmentName(t, provider.name);
  return (
    <li className="flex flex-col gap-1.5 rounded-xl border border-dashed bg-muted/30 p-4" aria-label={name}>
      <div className="flex flex-wrap items-center gap-2">
        <Server className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">{name}</span>
        <Badge variant="secondary">{t(`kinds.${provider.kind}.label`)}</Badge>
        <Badge variant="outline">{t("connections.fromEnvironment")}</Badge>
        {replacedBy ? (
          <Badge variant="outline">{t("connections.notInUse")}</Badge>
        ) : (
          <Badge variant="success">{t("connections.inUse")}</Badge>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {provider.baseUrl ? <span className="font-mono">{provider.baseUrl}</span> : null}
        {provider.keyLast4 ? <span>{t("connections.keyEnding", { last4: provider.keyLast4 })}</span> : null}
        <span>
          <Trans
            t={t}
            i18nKey="connections.variables"
            values={{ variables: provider.variables.join(", ") }}
            components={{ code: <code className="font-mono" /> }}
          />
        </span>
      </p>
      {replacedBy ? (
        <p className="text-xs text-muted-foreground">
          {t("connections.replacedBy", { name: replacedBy.name })}
        </p>
      ) : null}
    </li>
  );
}
