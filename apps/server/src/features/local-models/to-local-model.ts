// A local_models row as GET /api/admin/local-models shows it: progress with speed and time left while
// it downloads, what its checksum was checked against, and (when it is ready) what it needs to run.
import { LOCAL_MODEL_PREFIX, type LocalModel } from "@tessera/contracts";
import type { LocalModelRow } from "./run-download";

export function toLocalModel(
  row: LocalModelRow,
  extra: { memoryBytes: number | null; loaded: boolean },
): LocalModel {
  const downloading = row.status === "downloading";
  const speed = downloading && row.bytesPerSecond ? row.bytesPerSecond : null;
  return {
    id: row.id,
    name: row.name,
    modelId: `${LOCAL_MODEL_PREFIX}${row.name}`,
    source: row.source,
    catalogueId: row.catalogueId,
    url: row.url,
    file: row.file,
    status: row.status,
    sizeBytes: row.sizeBytes,
    downloadedBytes: row.downloadedBytes,
    bytesPerSecond: speed,
    secondsLeft:
      speed && row.sizeBytes !== null
        ? Math.max(0, Math.ceil((row.sizeBytes - row.downloadedBytes) / speed))
        : null,
    sha256: row.sha256,
    checksumSource: row.checksumSource,
    error: row.error,
    resumable: row.resumable,
    details: row.details,
    memoryBytes: extra.memoryBytes,
    loaded: extra.loaded,
    createdAt: row.createdAt.toISOString(),
  };
}
