// An OpenRouter connection as the server answers when one is saved (POST /api/admin/connections).
export const savedConnection = {
  id: "0b7c6a52-3f0e-4c59-9a3b-1d9f0c2a7e11",
  kind: "openrouter",
  name: "OpenRouter",
  baseUrl: null,
  enabled: true,
  options: {},
  key: { state: "stored", last4: "wxyz" },
  inUse: true,
  note: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
};
