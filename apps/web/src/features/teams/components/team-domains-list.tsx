// Each claimed email domain with its state. A domain admits nobody until it is proven: pending ones
// show the DNS record to publish and Check now, verified ones say how they were proven, refused ones
// (public mail services) say why.
import type { TeamDomain } from "@tessera/contracts";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { formatDay, formatWhen } from "@/lib/utils";
import { useCheckDomain } from "../api/check-domain";

const STATUS = {
  verified: { label: "Verified", variant: "success", Icon: CircleCheck },
  pending: { label: "Waiting for proof", variant: "secondary", Icon: Clock },
  refused: { label: "Refused", variant: "destructive", Icon: CircleAlert },
} as const;

function Record({ names, value }: { names: string[]; value: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted px-3 py-2 text-xs">
      <dt className="text-muted-foreground">Type</dt>
      <dd>TXT</dd>
      <dt className="text-muted-foreground">Name</dt>
      <dd>
        <code className="break-all select-all">{names[0]}</code>
        <span className="text-muted-foreground"> (or {names[1]})</span>
      </dd>
      <dt className="text-muted-foreground">Value</dt>
      <dd>
        <code className="break-all select-all">{value}</code>
      </dd>
    </dl>
  );
}

function DomainRow({
  domain,
  canCheck,
  checking,
  onCheck,
}: {
  domain: TeamDomain;
  canCheck: boolean;
  checking: boolean;
  onCheck: () => void;
}) {
  const { label, variant, Icon } = STATUS[domain.status];
  return (
    <li className="flex flex-col gap-2 py-3">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{domain.domain}</span>
        <Badge variant={variant}>
          <Icon aria-hidden="true" />
          {label}
        </Badge>
      </span>
      {domain.status === "verified" ? (
        <p className="text-sm text-muted-foreground">
          People who confirm an address at {domain.domain} join the team as members. Proven{" "}
          {domain.proof === "email"
            ? "by an owner's or admin's own confirmed address there"
            : "by its DNS record"}
          {domain.verifiedAt ? ` on ${formatDay(domain.verifiedAt)}` : ""}.
        </p>
      ) : null}
      {domain.status === "refused" ? (
        <p className="text-sm text-destructive">{domain.problem} Remove it from the list and save.</p>
      ) : null}
      {domain.status === "pending" ? (
        <>
          <p className="text-sm text-muted-foreground">
            Nobody joins through this domain until it is proven to be yours.{" "}
            {domain.record
              ? "Add this DNS record, then press Check now. If your own confirmed address is at this domain, Check now proves it at once."
              : "An owner or admin of the team can prove it."}
          </p>
          {domain.record ? <Record {...domain.record} /> : null}
          {domain.problem ? (
            <p className="text-sm text-destructive" role="status">
              {domain.checkedAt ? `Checked ${formatWhen(domain.checkedAt)}: ` : ""}
              {domain.problem}
            </p>
          ) : null}
          {canCheck ? (
            <div>
              <Button variant="outline" size="sm" disabled={checking} onClick={onCheck}>
                {checking ? "Checking..." : "Check now"}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </li>
  );
}

export function TeamDomainsList({
  teamId,
  domains,
  canCheck,
}: {
  teamId: string;
  domains: TeamDomain[];
  canCheck: boolean;
}) {
  const check = useCheckDomain(teamId);
  if (domains.length === 0) return null;
  const run = (domain: string) =>
    check.mutate(domain, {
      onSuccess: (team) => {
        const now = team.company.domains.find((d) => d.domain === domain);
        if (now?.status === "verified")
          toast.success("Domain verified", {
            description: `People who confirm an address at ${domain} now join the team.`,
          });
        else toast.error(`${domain} is not verified yet`, { description: now?.problem ?? undefined });
      },
      onError: (err) => toast.error("Could not check the domain", { description: errorMessage(err) }),
    });
  return (
    <ul aria-label="Email domains" className="flex flex-col divide-y">
      {domains.map((domain) => (
        <DomainRow
          key={domain.domain}
          domain={domain}
          canCheck={canCheck}
          checking={check.isPending && check.variables === domain.domain}
          onCheck={() => run(domain.domain)}
        />
      ))}
    </ul>
  );
}
