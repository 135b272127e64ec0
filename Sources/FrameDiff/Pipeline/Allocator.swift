import CFrameDiff

/// Makes the C allocator give large blocks (256 KiB and more: frame buffers, chunks of a window's fills)
/// back to the system when they are freed, instead of keeping them in a heap that fragments and
/// only grows over a long film. A process-wide setting: the CLI makes it once at start; a program
/// that uses the library decides for itself. (Measured in Sources/CFrameDiff/allocator.c.)
///
///     returnLargeBlocksWhenFreed()   // first thing in main
public func returnLargeBlocksWhenFreed() {
    _ = fd_fixed_mmap_threshold(256 * 1024)
}

/// Hands the pages the C allocator holds free back to the system (glibc's `malloc_trim`): what a
/// window's decision freed in the middle of the heaps stays resident otherwise, and over a long
/// film those holes add up. analyseFilm calls it once a second of 60 fps film (every 60 frames).
/// NB: peak RSS of the main job 154 -> 153 MB on the 10 s bench film and 164 -> 161 MB on the 60 s
/// one; no cost measurable in wall or CPU time (2 runs each).
///
///     returnFreedMemory()
public func returnFreedMemory() {
    _ = fd_trim_free_memory()
}
