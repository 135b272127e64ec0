/// Which detector explains each changed cell (a tile at a window position) of a window being
/// decided. The detectors decide in their declared order (busy regions, blanks, placeholders,
/// transitions) and each claims the cells it explains; every later one sees only the cells left
/// (`free`) and asks `explains` or `blanks` about the rest. The one place detectors hand each
/// other what they decided.
///
///     var claims = Claims(window, first: 120, test: threshold.test(), columns: grid.columns)
///     claims.claimBusy(hold)                          // a busy region's tiles in its frames
///     claims.claimBlank(4...9, change: 80)            // a blank: every change of those frames
///     claims.claim(box, frames: 12...15)              // a placeholder and the ring around it
///     TransitionFinder(...).transitions(claims.free, window: window)
struct Claims {
    /// A blank decided in the window: its window positions and how far the page after it stands
    /// out from it (levels), which the transitions after it are measured against.
    struct Blank {
        var from: Int
        var to: Int
        var change: Double
    }

    /// Per window position: the tiles that changed past the threshold and that no detector has
    /// claimed. Position 0 (the picture before it all) has none.
    private(set) var free: [[Int]]
    /// The blanks decided, in time order: they bound the transitions around them.
    private(set) var blanks: [Blank] = []
    /// Which tiles busy regions hold in which frames (by frame index).
    private var busy = BusyHold()
    /// The window's first frame index (busy regions are held by frame index).
    private let first: Int
    private let columns: Int
    /// The cells placeholders claimed: window positions and the box (their ring included).
    private var placeholders: [(frames: ClosedRange<Int>, box: TileBox)] = []
    /// The motions and fades decided, by window positions and box (a flat patch is tested against
    /// it grown by a tile).
    private var moving: [(frames: ClosedRange<Int>, box: TileBox)] = []

    init(_ window: ClassifierWindow, first: Int, test: (Float, Float) -> Bool, columns: Int) {
        self.first = first
        self.columns = columns
        free = (0..<window.count).map { k in
            k == 0 ? [] : window[k].changes.filter { test($0.shift, $0.rmse) }.map(\.tile)
        }
    }

    /// Busy regions explain their tiles in the frames they hold them (they are tracked frame by
    /// frame, before the window is decided).
    mutating func claimBusy(_ hold: BusyHold) {
        guard !hold.ranges.isEmpty else { return }
        for k in free.indices where !free[k].isEmpty {
            free[k].removeAll { hold.holds(tile: $0, frame: first + k) }
        }
        busy = hold
    }

    /// A blank page explains every change of its frames (into it, while it shows, out of it).
    mutating func claimFrames(_ frames: ClosedRange<Int>) {
        for k in frames { free[k] = [] }
    }

    /// A blank as decided: it claims its frames and bounds the transitions on either side.
    mutating func claimBlank(_ frames: ClosedRange<Int>, change: Double) {
        claimFrames(frames)
        blanks.append(Blank(from: frames.lowerBound, to: frames.upperBound, change: change))
    }

    /// A placeholder explains the changes of its box (grown by the ring its content may spill
    /// into) while it shows.
    mutating func claim(_ box: TileBox, frames: ClosedRange<Int>) {
        for k in frames { free[k].removeAll { box.contains(tile: $0, columns: columns) } }
        placeholders.append((frames, box))
    }

    /// The placeholders whose content arrives at position `k`: their window positions and the
    /// box they claimed (their ring included).
    func placeholders(resolvingAt k: Int) -> [(frames: ClosedRange<Int>, box: TileBox)] {
        placeholders.filter { $0.frames.upperBound == k }
    }

    /// Cuts that are a placeholder's own: a slot that stayed flat while it showed and got its content on
    /// the frame the placeholder resolved (`TransitionDetector`), by that placeholder's window
    /// positions. Its detector reports them as parts of it (or as the cuts they were, when it
    /// drops the placeholder).
    private(set) var slots: [(frames: ClosedRange<Int>, cut: Detection, tiles: [Int])] = []

    mutating func claimSlot(_ cut: Detection, tiles: [Int], of frames: ClosedRange<Int>) { slots.append((frames, cut, tiles)) }

    /// Whether a busy region or a placeholder explains tile `t` at window position `k`: a
    /// transition's region leaves such tiles out. (A blank's frames bound transitions instead.)
    func explains(tile t: Int, at k: Int) -> Bool {
        busy.holds(tile: t, frame: first + k)
            || placeholders.contains { $0.frames.contains(k) && $0.box.contains(tile: t, columns: columns) }
    }

    /// A motion or fade decided over these positions: it claims the flat patches passing through
    /// it (`runsAcross`).
    mutating func claimMoving(_ box: TileBox, frames: ClosedRange<Int>) { moving.append((frames, box)) }

    /// Whether a decided motion or fade runs on both sides of these positions over a box that
    /// meets `box`: a flat patch inside a slide or a fade is part of it, not a placeholder.
    func runsAcross(_ frames: ClosedRange<Int>, box: TileBox) -> Bool {
        moving.contains { $0.frames.lowerBound < frames.lowerBound && $0.frames.upperBound > frames.upperBound && $0.box.intersects(box) }
    }
}
