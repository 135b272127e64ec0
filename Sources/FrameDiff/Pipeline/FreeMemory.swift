import CFrameDiff

/// Hands back to the system what the allocator kept of the memory finished films freed: glibc
/// keeps it in the arenas of the threads that freed it, so a batch's peak RSS grew with its number
/// of films (`audit --jobs 2`, copies of a 3-s film: 8 films 285 MiB, 32 films 296; handed back
/// after each film, 236 and 238). The next film touches again what was handed back: for 32 films
/// 230,000 -> 706,000 minor page faults and 0.65 -> 1.72 s of system time (3.6% of the batch's
/// CPU), the wall time the same within the host's drift. Handing back only when the resident set
/// had grown 32 MiB saved a fifth of those faults and kept 259 MiB: not worth a second rule. Once
/// a film, not per frame (see `analyseFilm`). The C function is `fd_release_free_memory`.
///
///     for film in films { report(try analyseFilm(film, options: o)); releaseFreeMemory() }
public func releaseFreeMemory() { fd_release_free_memory() }
