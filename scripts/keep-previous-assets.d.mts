export const KEEP_DAYS: number
export function keepPreviousAssets(root?: string, now?: number): { moved: number; dropped: number }
