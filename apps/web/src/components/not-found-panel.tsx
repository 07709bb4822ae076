// What a page for one stored thing (a comparison, a document) shows when there is no such thing, or
// it is someone else's: the same words either way, and the way back to one's own.
import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useTranslation } from "react-i18next";

export function NotFoundPanel({ what, back }: { what: string; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-semibold">{t("notFound.title", { what })}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{t("notFound.body")}</p>
      <Button asChild variant="outline">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}
