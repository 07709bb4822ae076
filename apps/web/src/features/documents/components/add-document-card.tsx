// Adds knowledge to the workspace three ways: write or paste text, upload text/markdown/PDF files
// (several at once, or dropped on the card), or read a page at an address through the server's
// guarded client. Nothing typed is lost on an error: the fields keep their text.
import { DOCUMENT_ACCEPT, DOCUMENT_CONTENT_MAX, DOCUMENT_TITLE_MAX } from "@tessera/contracts";
import { FileUp, Globe, PenLine } from "lucide-react";
import { useRef, useState, type DragEvent, type FormEvent } from "react";
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
import { cn, formatCount } from "@/lib/utils";

export function AddDocumentCard() {
  const add = useAddDocument();
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
    if (!title.trim() || !content.trim()) return setError("Give the document a title and some text.");
    try {
      const doc = await add.mutateAsync({ kind: "text", input: { title, content } });
      toast.success("Document added", { description: doc.title });
      setTitle("");
      setContent("");
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const saveUrl = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!url.trim()) return setError("Enter the address of a page, text file or PDF.");
    setReading(url.trim());
    try {
      const doc = await add.mutateAsync({
        kind: "url",
        input: { url: url.trim(), ...(urlTitle.trim() ? { title: urlTitle.trim() } : {}) },
      });
      toast.success("Page added", { description: doc.title });
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
        toast.success("Document added", { description: doc.title });
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
        <CardTitle>Add knowledge</CardTitle>
        <CardDescription>
          Search, Tessera Local and your assistants answer from what you add here, and cite it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Tabs
          value={tab}
          onValueChange={(next) => {
            setTab(next);
            setError(null);
          }}
        >
          <TabsList aria-label="How to add a document">
            <TabsTrigger value="write">
              <PenLine aria-hidden="true" className="mr-1.5 size-4" />
              Write
            </TabsTrigger>
            <TabsTrigger value="upload">
              <FileUp aria-hidden="true" className="mr-1.5 size-4" />
              Upload
            </TabsTrigger>
            <TabsTrigger value="url">
              <Globe aria-hidden="true" className="mr-1.5 size-4" />
              From URL
            </TabsTrigger>
          </TabsList>

          <TabsContent value="write" className="mt-4">
            <form
              onSubmit={(e) => void saveText(e)}
              className="flex flex-col gap-3"
              aria-label="Write a document"
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-title">Title</Label>
                <Input
                  id="document-title"
                  value={title}
                  maxLength={DOCUMENT_TITLE_MAX}
                  onChange={(e) => setTitle(e.target.value)}
                  placeholder="Team handbook"
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-content">Text</Label>
                <Textarea
                  id="document-content"
                  rows={8}
                  value={content}
                  maxLength={DOCUMENT_CONTENT_MAX}
                  onChange={(e) => setContent(e.target.value)}
                  placeholder="Paste notes, a policy, a product sheet… Markdown is fine."
                />
                <p className="text-right text-xs text-muted-foreground">
                  {formatCount(content.length)} / {formatCount(DOCUMENT_CONTENT_MAX)}
                </p>
              </div>
              <Button type="submit" disabled={add.isPending} className="self-end">
                {add.isPending ? <Spinner /> : null}
                Save document
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
                <p className="font-medium">Drop files here</p>
                <p className="text-sm text-muted-foreground">
                  Text, Markdown, CSV, JSON or PDF, up to 10 MB each.
                </p>
              </div>
              <Button
                variant="outline"
                disabled={reading !== null}
                onClick={() => fileInput.current?.click()}
              >
                Choose files
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
            <form onSubmit={(e) => void saveUrl(e)} className="flex flex-col gap-3" aria-label="Add from URL">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-url">Address</Label>
                <Input
                  id="document-url"
                  type="url"
                  inputMode="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://…"
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="document-url-title">Title (optional)</Label>
                <Input
                  id="document-url-title"
                  value={urlTitle}
                  maxLength={DOCUMENT_TITLE_MAX}
                  onChange={(e) => setUrlTitle(e.target.value)}
                  placeholder="The page's own title"
                />
              </div>
              <p className="text-xs text-muted-foreground">
                Tessera reads the page's main text (or a text file or PDF) and keeps a copy; private network
                addresses are never fetched.
              </p>
              <Button type="submit" disabled={add.isPending} className="self-end">
                {add.isPending ? <Spinner /> : null}
                Add page
              </Button>
            </form>
          </TabsContent>
        </Tabs>
        {reading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Reading {reading}…
          </p>
        ) : null}
        <FormError message={error} />
      </CardContent>
    </Card>
  );
}
