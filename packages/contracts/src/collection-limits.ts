// A knowledge base's limits, without schemas (collections.ts has them), so the chat's composer reads
// them without the schema library.

export const COLLECTION_NAME_MAX = 80;
export const COLLECTION_DESCRIPTION_MAX = 500;
/** The most collections one message or one assistant may draw on. */
export const COLLECTIONS_PER_CHAT_MAX = 10;
