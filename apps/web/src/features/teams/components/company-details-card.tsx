// Company Details (spec §2, §5): name and slug for the owner, allowed email domains for the owner or
// an admin; the server normalises and checks the same rules. A domain admits people only once it is
// proven (team-domains-list.tsx); public mail services are refused before anything is sent.
import { isPublicMailDomain, parseDomains, publicMailDomainProblem, type Team } from "@tessera/contracts";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/api-client";
import { useUpdateCompany } from "../api/update-company";
import { TeamDomainsList } from "./team-domains-list";

export function CompanyDetailsCard({ team }: { team: Team }) {
  const { t } = useTranslation("teams");
  const { company, myRole } = team;
  const isOwner = myRole === "owner";
  const canEditDomains = myRole === "owner" || myRole === "admin";
  const [name, setName] = useState(company.name);
  const [slug, setSlug] = useState(company.slug ?? "");
  const [domains, setDomains] = useState((company.allowedDomains ?? []).join(", "));
  const update = useUpdateCompany(company.id);
  const refused = (parseDomains(domains) ?? []).filter(isPublicMailDomain);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { name: name.trim(), slug, allowedDomains: domains },
      {
        onSuccess: (saved) => {
          setSlug(saved.company.slug ?? "");
          setDomains((saved.company.allowedDomains ?? []).join(", "));
          toast.success(t("company.updated"));
        },
        onError: (err) => toast.error(t("company.updateFailed"), { description: errorMessage(err) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("company.title")}</CardTitle>
        <CardDescription>
          {isOwner ? t("company.descriptionOwner") : t("company.descriptionOthers")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <FormField
            label={t("company.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!isOwner}
            maxLength={100}
          />
          <FormField
            label={t("company.slug")}
            value={slug}
            dir="ltr"
            onChange={(e) => setSlug(e.target.value)}
            placeholder={t("company.slugPlaceholder")}
            disabled={!isOwner}
            maxLength={48}
          />
          <FormField
            label={t("company.domains")}
            value={domains}
            dir="ltr"
            onChange={(e) => setDomains(e.target.value)}
            placeholder={t("company.domainsPlaceholder")}
            disabled={!canEditDomains}
            hint={t("company.domainsHint")}
          />
          {refused.map((domain) => (
            <p key={domain} role="alert" className="-mt-2 text-sm text-destructive">
              {publicMailDomainProblem(domain)}
            </p>
          ))}
          <TeamDomainsList teamId={company.id} domains={company.domains} canCheck={canEditDomains} />
          {canEditDomains ? (
            <div>
              <Button type="submit" disabled={!name.trim() || refused.length > 0 || update.isPending}>
                {update.isPending ? t("company.updating") : t("company.update")}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
