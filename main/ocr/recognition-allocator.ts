/**
 * The C allocator's settings for the recognition process (glibc reads them from its environment when it starts; other
 * systems ignore them). The recognizer runs in a worker thread beside the thread that draws pages, and glibc gives
 * each thread arenas of its own and keeps freed pages of both for later: the process held 512 MB after 300 pages on
 * the recognition bench. With two arenas and freed memory given back past 128 KB, the same 100 pages (fine and
 * standard, side by side on one machine) held 418 MB instead of 525–542 MB, the bench's 300 pages 368 MB, at the same
 * speed (13 pages read three times each way: 975 ms a page without, 976 with).
 * A user's or IT's own setting of either wins.
 */
export const recognitionAllocator = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: String(128 * 1024) } as const;

/** The environment the recognition process starts with: the parent's, with the allocator's settings it lacks. */
export function recognitionProcessEnv(parent: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...recognitionAllocator, ...parent };
}
