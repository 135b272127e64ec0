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
