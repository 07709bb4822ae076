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

const CAPABILITIES = Object.keys(CAPABILITY_LABELS) as Capability[];

/** What answers when nothing is connected: every capability has an embedded default. */
const DEFAULTS: Record<Capability, string> = {
  language:
    "Nothing connected: Tessera Local answers, offline, from this workspace's help, catalogue and documents.",
  search: "Nothing connected: searches read the workspace's own index.",
  images: "Nothing connected: Tessera Sketch draws, offline.",
  speech: "Nothing connected: eSpeak NG speaks the voice-overs, offline.",
  transcription: "Nothing connected: dictation uses PocketSphinx where it is installed on the server.",
  mail: "Nothing connected: mail is kept in the outbox, unsent.",
};

const firstKindOf = (capability: Capability): ConnectionKind =>
  CONNECTION_KINDS.find((k) => CONNECTION_KIND_INFO[k].capability === capability)!;

export function AdminConnectionsPage() {
  useDocumentTitle("Connections");
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useConnections(isAdmin);
  const [adding, setAdding] = useState<ConnectionKind | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Connections</h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            The services this instance uses for models, search, images, speech and mail. A change applies at
            once, for everyone, with no restart. Keys are stored encrypted and never shown again.
          </p>
        </div>
        {isAdmin ? (
          <Button onClick={() => setAdding("openrouter")}>
            <Plus aria-hidden="true" />
            Add connection
          </Button>
        ) : null}
      </header>
      {!isAdmin ? (
        <p role="alert">Only administrators of this instance can manage connections.</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label="Loading connections" />
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
  const headingId = `connections-${capability}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {CAPABILITY_LABELS[capability]}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={onAdd}
          aria-label={`Add a ${CAPABILITY_LABELS[capability].toLowerCase()} connection`}
        >
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {connections.length === 0 && environment.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-3 text-sm text-muted-foreground">
          {DEFAULTS[capability]}
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

function EnvironmentRow({
  provider,
  replacedBy,
}: {
  provider: EnvironmentProvider;
  replacedBy?: Connection;
}) {
  return (
    <li
      className="flex flex-col gap-1.5 rounded-xl border border-dashed bg-muted/30 p-4"
      aria-label={provider.name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Server className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">{provider.name}</span>
        <Badge variant="secondary">{CONNECTION_KIND_INFO[provider.kind].label}</Badge>
        <Badge variant="outline">Set by the server's environment</Badge>
        {replacedBy ? <Badge variant="outline">Not in use</Badge> : <Badge variant="success">In use</Badge>}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {provider.baseUrl ? <span className="font-mono">{provider.baseUrl}</span> : null}
        {provider.keyLast4 ? <span>Key ending in {provider.keyLast4}</span> : null}
        <span>
          From{" "}
          {provider.variables.map((v, i) => (
            <span key={v}>
              {i > 0 ? ", " : ""}
              <code className="font-mono">{v}</code>
            </span>
          ))}
          ; change it there and restart.
        </span>
      </p>
      {replacedBy ? (
        <p className="text-xs text-muted-foreground">
          “{replacedBy.name}” on this page is used instead: the page's connection wins.
        </p>
      ) : null}
    </li>
  );
}
