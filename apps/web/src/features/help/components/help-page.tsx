// /help and /help/:slug: the bundled help articles, and /help/models: the model directory.
import { BookOpen } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useHelp } from "../api/get-help";
import { ModelDirectory } from "./model-directory";

export function HelpPage() {
  const { t } = useTranslation("help");
  const { slug = "getting-started" } = useParams();
  const { hash } = useLocation();
  const { data, isPending, isError } = useHelp();
  const article = data?.articles.find((a) => a.slug === slug);
  const title = slug === "models" ? t("models") : (article?.title ?? t("help"));
  useDocumentTitle(t("documentTitle", { title }));

  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, data]);

  const links = [
    ...(data?.articles ?? []).map((a) => ({ slug: a.slug, title: a.title })),
    { slug: "models", title: t("models") },
  ];
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-8 md:grid-cols-[14rem_1fr]">
      <nav aria-label={t("topics")} className="flex flex-col gap-1 text-sm">
        <p className="mb-2 flex items-center gap-2 font-semibold">
          <BookOpen className="size-4 text-primary" aria-hidden="true" /> {t("help")}
        </p>
        {links.map((l) => (
          <Link
            key={l.slug}
            to={`/help/${l.slug}`}
            aria-current={l.slug === slug ? "page" : undefined}
            className={cn(
              "rounded-md px-2 py-1.5 hover:bg-muted",
              l.slug === slug && "bg-muted font-medium text-foreground",
            )}
          >
            {l.title}
          </Link>
        ))}
      </nav>
      <article className="flex min-w-0 flex-col gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {isPending ? <Spinner label={t("loading")} /> : null}
        {isError ? <p role="alert">{t("loadFailed")}</p> : null}
        {slug === "models" ? (
          <ModelDirectory />
        ) : article ? (
          <p className="max-w-prose text-[0.95rem] leading-relaxed">{article.body}</p>
        ) : data ? (
          <p>{t("notFound", { slug })}</p>
        ) : null}
      </article>
    </div>
  );
}
