import { MODEL_GROUPS, modelHelpPath } from "@tessera/contracts";
import { useTranslation } from "react-i18next";

/** Every catalogue model with what it is good at; the anchors are what Tessera Local links to. */
export function ModelDirectory() {
  const { t } = useTranslation("help");
  return (
    <div className="flex flex-col gap-8">
      {MODEL_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`group-${group.id}`} className="flex flex-col gap-3">
          <h2 id={`group-${group.id}`} className="text-lg font-semibold">
            {group.title}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.models.map((m) => (
              <li
                key={m.id}
                id={modelHelpPath(m.id).split("#")[1]}
                className="scroll-mt-24 rounded-xl border bg-card p-4 shadow-sm target:ring-2 target:ring-primary"
              >
                <p className="font-medium">{m.name}</p>
                <p className="mt-1 text-sm text-muted-foreground">{m.description}</p>
                {m.bestFor?.length ? (
                  <p className="mt-2 text-sm">{t("bestFor", { uses: m.bestFor })}</p>
                ) : null}
                <p className="mt-2 flex gap-2 text-xs text-muted-foreground">
                  <code>{m.id}</code>
                  {m.vision ? <span>· {t("vision")}</span> : null}
                  {m.research ? <span>· {t("research")}</span> : null}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
