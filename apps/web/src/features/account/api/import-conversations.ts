// POST /api/conversations/import (?preview=1 to count only) and GET /api/conversations/import/:jobId
// for a large file that imports in the background.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  importJobSchema,
  importJobStartedSchema,
  importPreviewSchema,
  importResultSchema,
  type ImportJob,
  type ImportPreview,
  type ImportResult,
} from "@tessera/contracts";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** Up to 100 MB on a slow connection, and the server reads it whole before it answers. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

const formOf = (file: File) => {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
};

export async function previewImport(file: File): Promise<ImportPreview> {
  const { data } = await apiRequest("/api/conversations/import?preview=1", {
    method: "POST",
    form: formOf(file),
    timeoutMs: IMPORT_TIMEOUT_MS,
    schema: importPreviewSchema,
  });
  return data;
}

/** A small file is imported at once (its result); a large one answers the job to follow. */
export type ImportStarted = { result: ImportResult } | { jobId: string };

export async function startImport(file: File): Promise<ImportStarted> {
  const { data } = await apiRequest("/api/conversations/import", {
    method: "POST",
    form: formOf(file),
    timeoutMs: IMPORT_TIMEOUT_MS,
    schema: z.union([importJobStartedSchema, importResultSchema]),
  });
  return "jobId" in data ? { jobId: data.jobId } : { result: data };
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (started) => {
      if ("result" in started) void queryClient.invalidateQueries({ queryKey: ["conversations"] });
    },
  });
}

const finished = (job: ImportJob | undefined) => job?.status === "done" || job?.status === "failed";

/** Follows a background import once a second until it is done or failed. */
export function useImportJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["conversation-import", jobId],
    enabled: jobId !== null,
    queryFn: async () => {
      const { data } = await apiRequest(`/api/conversations/import/${jobId}`, { schema: importJobSchema });
      if (finished(data)) void queryClient.invalidateQueries({ queryKey: ["conversations"] });
      return data;
    },
    refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
  });
}
