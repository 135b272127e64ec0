/// Which decision explains each changed cell (a tile at a window position) of a window being
/// decided. The decisions run in order, busy regions, blanks, placeholders, then transitions, and
/// each claims the cells it explains; every later one sees only the cells left (`free`) and asks
/// `explains` about the rest. One place for what the decisions hand each other, instead of a
/// shared list edited in turn, a busy hold and a list of explained boxes passed on the side.
///
///     var claims = Claims(window, first: 120, test: threshold.test(), busy: hold, columns: grid.columns)
///     claims.claimFrames(4...9)                      // a blank: every change of those frames
///     claims.claim(box, frames: 12...15)             // a placeholder and the ring around it
///     TransitionFinder(...).transitions(claims.free, window: window)
struct Claims {
    /// Per window position: the tiles that changed past the threshold and that no decision has
    /// claimed. Position 0 (the picture before it all) has none.
    private(set) var free: [[Int]]
    /// Busy regions claim before the window is decided: they are tracked frame by frame.
    private let busy: BusyHold
    /// The window's first frame index (busy regions are held by frame index).
    private let first: Int
    private let columns: Int
    /// The cells placeholders claimed: window positions and the box (their ring included).
    private var placeholders: [(frames: ClosedRange<Int>, box: TileBox)] = []
    /// The motions and fades decided, by window positions and box (grown by a tile).
    private var moving: [(frames: ClosedRange<Int>, box: TileBox)] = []

    init(_ window: ClassifierWindow, first: Int, test: (Float, Float) -> Bool, busy: BusyHold, columns: Int) {
        self.busy = busy
        self.first = first
        self.columns = columns
        free = (0..<window.count).map { k in
            k == 0 ? [] : window[k].changes.filter { test($0.shift, $0.rmse) && !busy.holds(tile: $0.tile, frame: first + k) }.map(\.tile)
        }
    }

    /// A blank explains every change of its frames (into it, while it shows, out of it).
    mutating func claimFrames(_ frames: ClosedRange<Int>) {
        for k in frames { free[k] = [] }
    }

    /// A placeholder explains the changes of its box (grown by the ring its content may spill
    /// into) while it shows.
    mutating func claim(_ box: TileBox, frames: ClosedRange<Int>) {
        for k in frames { free[k].removeAll { box.contains(tile: $0, columns: columns) } }
        placeholders.append((frames, box))
    }

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
