// Adds knowledge three ways, to the person's own documents or to a chosen collection: write or paste
// text, upload files (several at once, or dropped on the card), or read a page at an address through
// the server's guarded client. Nothing typed is lost on an error: the fields keep their text.
import { DOCUMENT_ACCEPT, DOCUMENT_CONTENT_MAX, DOCUMENT_TITLE_MAX } from "@tessera/contracts";
import { FileUp, Globe, PenLine } from "lucide-react";
import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { useAddDocument } from "@/lib/documents-api";
import { useAddToCollection } from "../api/collections";
import { cn, formatCount } from "@/lib/utils";

/** `collection`: where new documents go; the person's own documents when null. */
export function AddDocumentCard({ collection }: { collection: { id: string; name: string } | null }) {
  const { t } = useTranslation("documents");
  const toOwn = useAddDocument();
  const toCollection = useAddToCollection(collection?.id ?? "");
  const add = collection ? toCollection : toOwn;
  const [tab, setTab] = useState("write");
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [url, setUrl] = useState("");
  const [urlTitle, setUrlTitle] = useState("");
  const [reading, setReading] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const saveText = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!title.trim() || !content.trim()) return setError(t("add.textRequired"));
    try {
      const doc = await add.mutateAsync({ kind: "text", input: { title, content } });
      toast.success(t("add.added"), { description: doc.title });
      setTitle("");
      setContent("");
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const saveUrl = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!url.trim()) return setError(t("add.urlRequired"));
    setReading(url.trim());
    try {
      const doc = await add.mutateAsync({
        kind: "url",
        input: { url: url.trim(), ...(urlTitle.trim() ? { title: urlTitle.trim() } : {}) },
      });
      toast.success(t("add.pageAdded"), { description: doc.title });
      setUrl("");
      setUrlTitle("");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setReading(null);
    }
  };

  const upload = async (files: File[]) => {
    setError(null);
    const failed: string[] = [];
    for (const file of files) {
      setReading(file.name);
      try {
        const doc = await add.mutateAsync({ kind: "file", file });
        toast.success(t("add.added"), { description: doc.title });
      } catch (err) {
        failed.push(`${file.name}: ${errorMessage(err)}`);
      }
    }
    setReading(null);
    if (failed.length) setError(failed.join("; "));
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length) void upload(files);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{collection ? t("add.titleTo", { name: collection.name }) : t("add.title")}</CardTitle>
        <CardDescription>{t("add.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Tabs
          value={tab}
          onValueChange={(next) => {
            setTab(next);
            setError(null);
          }}
        >
          <TabsList aria-label={t("add.how")}>
            <TabsTrigger value="write">
              <PenLine aria-hidden="true" className="me-1.5 size-4" />
              {t("add.write")}
            </TabsTrigger>
            <TabsTrigger value="upload">
              <FileUp aria-hidden="true" className="me-1.5 size-4" />
              {t("add.upload")}
            </TabsTrigger>
            <TabsTrigger value="url">
              <Globe aria-hidden="true" className="me-1.5 size-4" />
              {t("add.fromUrl")}
            </TabsTrigger>
          </TabsList>

          <TabsContent value="write" className="mt-4">
            <form
              onSubmit={(e) => void saveText(e)}
              className="flex flex-col gap-3"
              aria-label={t("add.writeForm")}
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-title">{t("add.titleLabel")}</Label>
                <Input
                  id="document-title"
                  value={title}
                  maxLength={DOCUMENT_TITLE_MAX}
                  onChange={(e) => setTitle(e.target.value)}
                  placeholder={t("add.titlePlaceholder")}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-content">{t("add.text")}</Label>
                <Textarea
                  id="document-content"
                  rows={8}
                  value={content}
                  maxLength={DOCUMENT_CONTENT_MAX}
                  onChange={(e) => setContent(e.target.value)}
                  placeholder={t("add.textPlaceholder")}
                />
                <p className="text-end text-xs text-muted-foreground">
                  {formatCount(content.length)} / {formatCount(DOCUMENT_CONTENT_MAX)}
                </p>
              </div>
              <Button type="submit" disabled={add.isPending} className="self-end">
                {add.isPending ? <Spinner /> : null}
                {t("add.save")}
              </Button>
            </form>
          </TabsContent>

          <TabsContent value="upload" className="mt-4">
            <div
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={drop}
              className={cn(
                "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors",
                dragging ? "border-primary bg-primary/5" : "border-border",
              )}
            >
              <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
              <div>
                <p className="font-medium">{t("add.drop")}</p>
                <p className="text-sm text-muted-foreground">{t("add.types")}</p>
              </div>
              <Button
                variant="outline"
                disabled={reading !== null}
                onClick={() => fileInput.current?.click()}
              >
                {t("add.choose")}
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                accept={DOCUMENT_ACCEPT}
                data-testid="document-file-input"
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = "";
                  if (files.length) void upload(files);
                }}
              />
            </div>
          </TabsContent>

          <TabsContent value="url" className="mt-4">
            <form
              onSubmit={(e) => void saveUrl(e)}
              className="flex flex-col gap-3"
              aria-label={t("add.fromUrl")}
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-url">{t("add.address")}</Label>
                <Input
                  id="document-url"
                  type="url"
                  inputMode="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder={t("add.urlPlaceholder")}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-url-title">{t("add.titleOptional")}</Label>
                <Input
                  id="document-url-title"
                  value={urlTitle}
                  maxLength={DOCUMENT_TITLE_MAX}
                  onChange={(e) => setUrlTitle(e.target.value)}
                  placeholder={t("add.titleFromPage")}
                />
              </div>
              <p className="text-xs text-muted-foreground">{t("add.urlHint")}</p>
              <Button type="submit" disabled={add.isPending} className="self-end">
                {add.isPending ? <Spinner /> : null}
                {t("add.addPage")}
              </Button>
            </form>
          </TabsContent>
        </Tabs>
        {reading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t("add.reading", { name: reading })}
          </p>
        ) : null}
        <FormError message={error} />
      </CardContent>
    </Card>
  );
}
