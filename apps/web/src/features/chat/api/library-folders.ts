// GET/POST /api/conversation-folders, PATCH/DELETE /api/conversation-folders/:id, a folder's
// conversations, and PATCH /api/conversations/:id/organize (file in a folder, pin).
import i18next from "i18next";
import {
  RECENT_CONVERSATIONS_LIMIT,
  type LibraryConversation,
  type OrganizeConversation,
} from "@tessera/contracts";
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import {
  conversationsAnswer,
  folderAnswer,
  foldersAnswer,
  libraryConversationAnswer,
} from "@/lib/answer-guards";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { conversationsQuery, CONVERSATION_SEARCH_KEY } from "./get-conversations";

export const FOLDERS_KEY = ["conversation-folders"] as const;
const folderChatsKey = (id: string) => [...FOLDERS_KEY, id, "conversations"] as const;

export function useFolders() {
  return useQuery({
    queryKey: FOLDERS_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/conversation-folders", { schema: foldersAnswer, signal })).data,
    staleTime: 30_000,
  });
}

/** A folder's conversations, a page at a time; asked for only while the folder is open. */
export function useFolderConversations(id: string, open: boolean) {
  return useInfiniteQuery({
    queryKey: folderChatsKey(id),
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiRequest(
          `/api/conversation-folders/${encodeURIComponent(id)}/conversations${pageParam ? `?before=${pageParam}` : ""}`,
          { schema: conversationsAnswer, signal },
        )
      ).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: LibraryConversation[]) =>
      last.length === RECENT_CONVERSATIONS_LIMIT ? last.at(-1)?.id : undefined,
    select: (data) => data.pages.flat(),
    enabled: open,
    staleTime: 30_000,
  });
}

/** The list, the folders and their contents all change when a chat is filed, pinned or a folder goes. */
const refreshLibrary = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: FOLDERS_KEY }),
    queryClient.invalidateQueries({ queryKey: CONVERSATION_SEARCH_KEY }),
  ]);

export function useFolderActions() {
  const queryClient = useQueryClient();
  const done = () => refreshLibrary(queryClient);
  const create = useMutation({
    mutationFn: async (name: string) =>
      (
        await apiRequest("/api/conversation-folders", {
          method: "POST",
          body: { name },
          schema: folderAnswer,
        })
      ).data,
    onSuccess: done,
    onError: () => toast.error(i18next.t("folders.createFailed", { ns: "chat" })),
  });
  const rename = useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      (
        await apiRequest(`/api/conversation-folders/${encodeURIComponent(id)}`, {
          method: "PATCH",
          body: { name },
          schema: folderAnswer,
        })
      ).data,
    onSuccess: done,
    onError: () => toast.error(i18next.t("folders.renameFailed", { ns: "chat" })),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/conversation-folders/${encodeURIComponent(id)}`, { method: "DELETE" });
    },
    onSuccess: done,
    onError: () => toast.error(i18next.t("folders.deleteFailed", { ns: "chat" })),
  });
  return { create, rename, remove };
}

/** Files a conversation in a folder (null: out of its folder) or pins it. */
export function useOrganize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...change }: OrganizeConversation & { id: string }) =>
      (
        await apiRequest(`/api/conversations/${encodeURIComponent(id)}/organize`, {
          method: "PATCH",
          body: change,
          schema: libraryConversationAnswer,
        })
      ).data,
    onSuccess: () => refreshLibrary(queryClient),
    onError: () => toast.error(i18next.t("folders.moveFailed", { ns: "chat" })),
  });
}
