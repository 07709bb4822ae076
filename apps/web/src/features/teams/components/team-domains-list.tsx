// Each claimed email domain with its state. A domain admits nobody until it is proven: pending ones
// show the DNS record to publish and Check now, verified ones say how they were proven, refused ones
// (public mail services) say why.
import type { TeamDomain } from "@tessera/contracts";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { formatDay, formatWhen } from "@/lib/utils";
import { useCheckDomain } from "../api/check-domain";

const STATUS = {
  verified: { variant: "success", Icon: CircleCheck },
  pending: { variant: "secondary", Icon: Clock },
  refused: { variant: "destructive", Icon: CircleAlert },
} as const;

/** The DNS record type, the same word in every language. */
const RECORD_TYPE = "TXT";

function Record({ names, value }: { names: string[]; value: string }) {
  const { t } = useTranslation("teams");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted px-3 py-2 text-xs">
      <dt className="text-muted-foreground">{t("domains.type")}</dt>
      <dd>{RECORD_TYPE}</dd>
      <dt className="text-muted-foreground">{t("domains.name")}</dt>
      <dd>
        <code className="break-all select-all">{names[0]}</code>
        <span className="text-muted-foreground"> {t("domains.or", { name: names[1] })}</span>
      </dd>
      <dt className="text-muted-foreground">{t("domains.value")}</dt>
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
  const { t } = useTranslation("teams");
  const { variant, Icon } = STATUS[domain.status];
  return (
    <li className="flex flex-col gap-2 py-3">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{domain.domain}</span>
        <Badge variant={variant}>
          <Icon aria-hidden="true" />
          {t(`domains.status.${domain.status}`)}
        </Badge>
      </span>
      {domain.status === "verified" ? (
        <p className="text-sm text-muted-foreground">
          {t("domains.joins", { domain: domain.domain })}{" "}
          {domain.verifiedAt
            ? t(domain.proof === "email" ? "domains.provenByEmailOn" : "domains.provenByDnsOn", {
                day: formatDay(domain.verifiedAt),
              })
            : t(domain.proof === "email" ? "domains.provenByEmail" : "domains.provenByDns")}
        </p>
      ) : null}
      {domain.status === "refused" ? (
        <p className="text-sm text-destructive">
          {domain.problem} {t("domains.removeAndSave")}
        </p>
      ) : null}
      {domain.status === "pending" ? (
        <>
          <p className="text-sm text-muted-foreground">
            {t("domains.unproven")} {domain.record ? t("domains.addRecord") : t("domains.ownerCanProve")}
          </p>
          {domain.record ? <Record {...domain.record} /> : null}
          {domain.problem ? (
            <p className="text-sm text-destructive" role="status">
              {domain.checkedAt ? `${t("domains.checked", { when: formatWhen(domain.checkedAt) })} ` : ""}
              {domain.problem}
            </p>
          ) : null}
          {canCheck ? (
            <div>
              <Button variant="outline" size="sm" disabled={checking} onClick={onCheck}>
                {checking ? t("domains.checking") : t("domains.checkNow")}
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
  const { t } = useTranslation("teams");
  const check = useCheckDomain(teamId);
  if (domains.length === 0) return null;
  const run = (domain: string) =>
    check.mutate(domain, {
      onSuccess: (team) => {
        const now = team.company.domains.find((d) => d.domain === domain);
        if (now?.status === "verified")
          toast.success(t("domains.verified"), { description: t("domains.nowJoin", { domain }) });
        else toast.error(t("domains.notYet", { domain }), { description: now?.problem ?? undefined });
      },
      onError: (err) => toast.error(t("domains.checkFailed"), { description: errorMessage(err) }),
    });
  return (
    <ul aria-label={t("domains.label")} className="flex flex-col divide-y">
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
