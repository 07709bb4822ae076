// A calendar day written and read the app's way (31.12.2026 in German, 2026/12/31 in Japanese).
// A native date input shows the browser's own language whatever the app's; here the text is the
// app's, and the calendar button opens the browser's picker over a hidden native input.
import { CalendarDays } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { activeLocale, cn } from "@/lib/utils";

const NUMERIC = { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" } as const;
const EXAMPLE = "2026-12-31";

const formats = new Map<string, Intl.DateTimeFormat>();
/** The locale's way of writing a date in figures, made once per locale. */
function numericFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, NUMERIC)));
  return format;
}

/** YYYY-MM-DD as the locale writes a date in figures. */
export function formatDay(iso: string, locale: string): string {
  return iso ? numericFormat(locale).format(new Date(`${iso}T00:00:00Z`)) : "";
}

/** Arabic-Indic, Persian and full-width figures as ASCII ones. */
const asciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = code >= 0xff10 ? 0xff10 : code >= 0x06f0 ? 0x06f0 : 0x0660;
    return String(code - zero);
  });

/**
 * A date typed in the locale's order of day, month and year (any separators; a two-digit year is
 * this century's), or as YYYY-MM-DD, as YYYY-MM-DD; null when it is no calendar day.
 */
export function parseDay(text: string, locale: string): string | null {
  const groups = asciiDigits(text).match(/\d+/g);
  if (!groups || groups.length !== 3) return null;
  const order =
    groups[0].length === 4
      ? ["year", "month", "day"]
      : numericFormat(locale)
          .formatToParts(new Date(`${EXAMPLE}T00:00:00Z`))
          .map((p) => p.type)
          .filter((t) => t === "year" || t === "month" || t === "day");
  const part = (type: string) => Number(groups[order.indexOf(type)]);
  const yearText = groups[order.indexOf("year")]!;
  if (yearText.length !== 2 && yearText.length !== 4) return null;
  const year = yearText.length === 2 ? 2000 + part("year") : part("year");
  const month = part("month");
  const day = part("day");
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** The first day allowed, YYYY-MM-DD. */
  min?: string;
  hint?: string;
  className?: string;
}

/**
 * A labelled day field. Text that is no day (or is before `min`) is not passed on: it makes the form
 * invalid, so the form is not sent with the last good day in its place, and says why once the field
 * is left or the form is sent.
 */
export function DateField({ label, value, onChange, min, hint, className }: DateFieldProps) {
  const { t } = useTranslation("admin");
  const id = useId();
  const locale = activeLocale();
  const [text, setText] = useState(() => formatDay(value, locale));
  const [bad, setBad] = useState(false);
  const [told, setTold] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const message = t("dateField.invalid", {
    example: formatDay(min && min > EXAMPLE ? min : EXAMPLE, locale),
  });

  // A day set from outside (a preset range, a reset) is shown the app's way.
  useEffect(() => {
    setText((shown) => (shown && parseDay(shown, locale) === value ? shown : formatDay(value, locale)));
    setBad(false);
  }, [value, locale]);

  useEffect(() => {
    input.current?.setCustomValidity(bad ? message : "");
  }, [bad, message]);

  const take = (typed: string) => {
    setText(typed);
    const day = typed.trim() ? parseDay(typed, locale) : "";
    const ok = day !== null && (!day || !min || day >= min);
    setBad(!ok);
    if (ok) {
      setTold(false);
      onChange(day);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showError = bad && told;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      <div className="relative">
        <Input
          ref={input}
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          placeholder={formatDay(EXAMPLE, locale)}
          onChange={(e) => take(e.target.value)}
          onBlur={() => setTold(true)}
          onInvalid={(e) => {
            // Our own words under the field, not the browser's bubble.
            e.preventDefault();
            setTold(true);
          }}
          aria-invalid={showError || undefined}
          aria-describedby={[showError ? errorId : "", hint ? hintId : ""].join(" ").trim() || undefined}
          className="pe-10"
        />
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          className="pointer-events-none absolute end-0 bottom-0 h-px w-px opacity-0"
          value={value}
          min={min}
          onChange={(e) => {
            setText(formatDay(e.target.value, locale));
            setBad(false);
            onChange(e.target.value);
          }}
        />
        <button
          type="button"
          className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-lg text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none"
          aria-label={t("dateField.pick")}
          aria-describedby={`${id}-label`}
          onClick={() => picker.current?.showPicker?.()}
        >
          <CalendarDays className="size-4" aria-hidden="true" />
        </button>
      </div>
      {showError ? (
        <p id={errorId} className="text-xs text-destructive">
          {message}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
