// Which service a new connection is, grouped by what it does (models, search, images…).
import {
  CAPABILITY_LABELS,
  CONNECTION_KIND_INFO,
  CONNECTION_KINDS,
  type Capability,
  type ConnectionKind,
} from "@tessera/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

const CAPABILITIES = Object.keys(CAPABILITY_LABELS) as Capability[];

export function KindSelect({
  value,
  onChange,
}: {
  value: ConnectionKind;
  onChange: (kind: ConnectionKind) => void;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t("form.service")}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as ConnectionKind)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CAPABILITIES.map((capability) => (
            <SelectGroup key={capability}>
              <SelectLabel>{t(`capabilities.${capability}.title`)}</SelectLabel>
              {CONNECTION_KINDS.filter((k) => CONNECTION_KIND_INFO[k].capability === capability).map((k) => (
                <SelectItem key={k} value={k}>
                  {t(`kinds.${k}.label`)}
                </SelectItem>
              ))}
            </SelectGroup>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
