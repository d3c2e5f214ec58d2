/** File sizes as people read them (supporting documents of payments and of beneficiaries' contracts). */

/** Bytes → a translation key and value: "512 bytes", "12.3 KB", "4.5 MB" (1 KB = 1024 bytes). */
export function fileSizeParts(bytes: number): { key: "size-bytes" | "size-kb" | "size-mb"; value: string } {
  if (bytes < 1024) return { key: "size-bytes", value: String(bytes) };
  if (bytes < 1024 * 1024) return { key: "size-kb", value: (bytes / 1024).toFixed(1) };
  return { key: "size-mb", value: (bytes / (1024 * 1024)).toFixed(1) };
}
