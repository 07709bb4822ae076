import { Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A list of web addresses kept with the assistant; blank rows are dropped on save. */
export function WebsitesField({
  websites,
  onChange,
  describedBy,
}: {
  websites: string[];
  onChange: (next: string[]) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation("assistants");
  const set = (index: number, value: string) => onChange(websites.map((w, i) => (i === index ? value : w)));
  return (
    <div className="flex flex-col gap-2">
      {websites.map((website, index) => (
        <div key={index} className="flex items-center gap-2">
          <Input
            type="url"
            inputMode="url"
            aria-label={t("websites.website", { number: index + 1 })}
            aria-describedby={describedBy}
            placeholder={t("websites.placeholder")}
            value={website}
            onChange={(e) => set(index, e.target.value)}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("websites.remove", { number: index + 1 })}
            onClick={() => onChange(websites.filter((_, i) => i !== index))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...websites, ""])}>
        <Plus aria-hidden="true" />
        {t("websites.add")}
      </Button>
    </div>
  );
}
