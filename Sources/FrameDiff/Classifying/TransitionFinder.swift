/// Cuts a window's changed tiles into transitions: runs of changed frames in time, separated in
/// space when they do not move together, with a cut inside a run split out.
///
/// 1. Frames changing less than `stableMs` apart are one run; a single changed frame followed
///    (or preceded) by a held picture of `pauseFrames` frames is a run of its own (a cut, then a
///    slide 80 ms later).
/// 2. Within a run, places more than a tile apart are separate transitions unless they change
///    over mostly the same frames (a clock ticking while a panel slides; cards of one page cutting at once stay
///    one).
/// 3. A frame whose change over the transition's region dwarfs its neighbours' is a cut of its own.
///
///     let found = TransitionFinder(options: o, grid: g, periodMs: 16.7).transitions(active, window: window)
struct TransitionFinder {
    /// Changed frames (window positions, ascending) and the tiles that changed in them.
    struct Candidate {
        var frames: [Int]
        var tiles: [Int]
        /// A change inside a held picture (`holdTiles`): no transition, only the bound of the new
        /// state of the one before it (the picture it changes is not that transition's).
        var held = false
        /// The run a piece was split from, when it was split at a jump on its first frame (its
        /// pieces share the number; nil otherwise): a fade whose first frame carries most of its
        /// change is one fade, not a cut and a fade.
        var part: Int? = nil
        var a: Int { frames[0] }
        var b: Int { frames[frames.count - 1] }
    }

    let options: ClassifierOptions
    let grid: TileGrid
    /// The film's frame period (the shortest gap between frames seen), for the pause rule.
    let periodMs: Double

    func transitions(_ active: [[Int]], window: ClassifierWindow) -> [Candidate] {
        let changed = active.indices.filter { !active[$0].isEmpty }
        var out: [Candidate] = []
        var parts = 0
        for (run, heldRun) in runs(changed, window: window, tiles: { active[$0] }, beatsAmong: { changed }) {
            for group in spatialGroups(run, active: active) {
                let member = membership(group)
                let frames = run.filter { k in active[k].contains { member[$0] } }
                // (a blinker's beats are looked for over the whole window, not this run alone: a
                // caret's three beats outlast the run that its first one ends)
                let context = { changed.filter { k in active[k].contains { member[$0] } } }
                for (part, held) in runs(frames, window: window, tiles: { k in active[k].filter { member[$0] } }, beatsAmong: context) {
                    let (pieces, jumps) = splitAtJumps(part, window: window, member: member, count: group.count)
                    if let apart = jumpApart(pieces, jumps: jumps, active: active, member: member) {
                        out += apart.map { Candidate(frames: $0.frames, tiles: $0.tiles, held: heldRun || held) }
                        continue
                    }
                    let split = jumps.contains(0) && pieces.count > 1 ? parts : nil
                    parts += 1
                    // (a part of the group's run, split off at a pause, is what changed in its own
                    // frames: a caret blinking 450 ms after a keyboard came up is no change of the keyboard's tiles)
                    let tiles = part.count == frames.count ? group : changedTiles(part, active: active, member: member).sorted()
                    out += pieces.map { Candidate(frames: $0, tiles: tiles, held: heldRun || held, part: split) }
                }
            }
        }
        return out.sorted { ($0.a, $0.tiles.first ?? 0) < ($1.a, $1.tiles.first ?? 0) }
    }

    private var pauseMs: Double { options.pauseMs(periodMs: periodMs) }

    /// A change no larger than a cursor: `holdTiles` tiles, or as many as a box of `holdTiles`
    /// + 1 tiles a side holds (a cursor or a click ring across a tile edge touches up to four).
    private func minor(_ tiles: [Int]) -> Bool {
        let hold = options.holdTiles(in: grid)
        guard tiles.count > hold else { return true }
        guard hold > 0 else { return false }
        let side = hold + 1
        guard tiles.count <= side * side else { return false }
        let box = TileBox(tiles, columns: grid.columns)
        return box.width <= side && box.height <= side
    }

    /// Consecutive changed frames, split at pauses, where a picture held for `stableMs` but for one
    /// frame with a `minor` change (a cursor, an emulator's click ring, a caret) at least
    /// `pauseMinMs` from either side is held: that frame is a run marked `held` (no transition),
    /// and the changes on either side two transitions (a ripple whose highlight holds 170 ms, then
    /// a crossfade). A minor frame that comes after the picture had held `stableMs` and less than
    /// `stableMs` before the next change starts that change instead. Other minor frames stay in
    /// their run.
    /// A blinker's beats (`blinks`, looked for among the window positions `beatsAmong` gives) are
    /// split off the runs' ends.
    private func runs(_ all: [Int], window: ClassifierWindow, tiles: (Int) -> [Int], beatsAmong context: () -> [Int]) -> [(frames: [Int], held: Bool)] {
        func minor(_ k: Int) -> Bool { self.minor(tiles(k)) }
        var major: [Int] = [], held: [Int] = []
        var pending: [Int] = []
        var lastMajor: Int?
        for k in all {
            if minor(k) {
                pending.append(k)
                continue
            }
            // (one such frame inside the hold, `pauseMinMs` from either side: several in a row, or
            // one right after the last change, are more likely a motion's or a fade's last steps;
            // one after the picture had already held for `stableMs`, close before the next change,
            // is the start of that change: a click ring landing 90 ms before the ripple)
            var inHold = false
            if let p = lastMajor, pending.count == 1 {
                let sinceLast = window.ms(pending[0]) - window.ms(p), untilNext = window.ms(k) - window.ms(pending[0])
                let startsNext = sinceLast >= options.stableMs && untilNext < options.stableMs
                inHold = !startsNext && sinceLast + untilNext >= options.stableMs
                    && sinceLast >= options.pauseMinMs && untilNext >= options.pauseMinMs
            }
            if inHold { held += pending } else { major += pending }
            pending = []
            major.append(k)
            lastMajor = k
        }
        major += pending
        // (what changed in the hold is no transition: a finding of its own there was a 16-px fade
        // at the cursor of duo_sdk_twopane_nav_span.gif, where it had been part of the motion)
        let majorRuns = runs(major, window: window)
        // (only a small frame at a run's end can be a beat split off it: the window is searched
        // for beats only when a run starts or ends on one)
        let blinking = majorRuns.contains { small(tiles($0[0])) != nil || small(tiles($0[$0.count - 1])) != nil }
            ? blinks(context(), window: window, tiles: tiles) : []
        return (majorRuns.flatMap { apart($0, blinking: blinking) }.map { ($0, false) }
                + runs(held, window: window).map { ($0, true) })
            .sorted { $0.frames[0] < $1.frames[0] }
    }

    /// A run with the blinker's beats at either end taken out, each a run of its own: a caret
    /// blinking on 70 ms after the keyboard under it rests is no step of the keyboard's motion (a
    /// region changing on its own does not merge the findings beside it, DESIGN.md).
    private func apart(_ run: [Int], blinking: Set<Int>) -> [[Int]] {
        guard !blinking.isEmpty else { return [run] }
        var a = 0, b = run.count
        while a < b, blinking.contains(run[a]) { a += 1 }
        while b > a, blinking.contains(run[b - 1]) { b -= 1 }
        guard a > 0 || b < run.count else { return [run] }
        return run[..<a].map { [$0] } + (a < b ? [Array(run[a..<b])] : []) + run[b...].map { [$0] }
    }

    /// The small frames among `all` (window positions, ascending) that are beats of a blinker: the
    /// same place turning on and off at a steady beat (a caret every 250-600 ms). A frame is a beat
    /// when it is one of `blinkBeats` or more `small` frames at one place, each the next frame of
    /// `all` to change anything there, `stableMs` to `blinkMaxMs` after the one before and within
    /// `cadenceRatio` of the gap before that; each turning the place back to the picture it showed
    /// before the beat before (within `blinkReturnShare` of that beat's change); and one of them
    /// at least with no other frame of `all` within `stableMs` either side. A small control that
    /// steps on (a level bar's last step, a badge changing colour again and again, a carousel's
    /// page dots moving on with each slide) or a motion's last small step before a caret starts
    /// blinking is no beat and stays its motion's. Beats are looked for within the decision window
    /// only: a window cut at `maxTransitionMs` with the caret's first beat at its end leaves that
    /// beat to the motion.
    private func blinks(_ all: [Int], window: ClassifierWindow, tiles: (Int) -> [Int]) -> Set<Int> {
        guard options.blinkBeats >= 2 else { return [] }
        let changed = all.map(tiles)
        let places = changed.map(small)
        guard places.lazy.compactMap({ $0 }).count >= options.blinkBeats else { return [] }
        // each small frame's next beat: the next frame changing anything at its place, when that
        // frame is small, a beat's gap later, and turns the place back (else none)
        var next = [Int?](repeating: nil, count: all.count)
        for i in all.indices {
            guard let place = places[i] else { continue }
            for j in (i + 1)..<all.count {
                let gap = window.ms(all[j]) - window.ms(all[i])
                if gap > options.blinkMaxMs { break }
                guard changed[j].contains(where: { place.contains(tile: $0, columns: grid.columns) }) else { continue }
                if gap >= options.stableMs, places[j] != nil, turnsBack(all[i], all[j], over: changed[i] + changed[j], window: window) {
                    next[i] = j
                }
                break
            }
        }
        // chains of beats whose gaps stay within the cadence ratio of the one before
        var beats = Set<Int>(), linked = Set<Int>()
        for i in all.indices where next[i] != nil && !linked.contains(i) {
            var chain = [i], gap: Double? = nil, broken = false
            while let j = next[chain[chain.count - 1]] {
                let g = window.ms(all[j]) - window.ms(all[chain[chain.count - 1]])
                if let before = gap, !withinCadence(g, before) {
                    broken = true
                    break
                }
                gap = g
                chain.append(j)
            }
            // (where the beat changed, the chain's last frame may start the next chain: gaps of
            // 250, 600 and 600 ms are a blinker from the second frame)
            linked.formUnion(broken ? chain.dropFirst().dropLast() : chain.dropFirst())
            // (a blinker blinks on its own as well: page dots that change with every slide of a
            // carousel are the slides')
            let alone = chain.contains { c in
                (c == 0 || window.ms(all[c]) - window.ms(all[c - 1]) >= options.stableMs)
                    && (c + 1 == all.count || window.ms(all[c + 1]) - window.ms(all[c]) >= options.stableMs)
            }
            if chain.count >= options.blinkBeats, alone { beats.formUnion(chain.map { all[$0] }) }
        }
        return beats
    }

    /// The box of a small change (`minor`, or within a touch dot's patch: a caret 40 px tall is
    /// three tiles), nil for a larger one or none.
    private func small(_ tiles: [Int]) -> TileBox? {
        guard !tiles.isEmpty else { return nil }
        let box = TileBox(tiles, columns: grid.columns)
        return minor(tiles) || options.fitsPointer(box, in: grid) ? box : nil
    }

    /// Whether the change at position `b` turns `tiles` back to the picture they showed before the
    /// change at `a` (a caret off again), not on to a third (a dot moving on, a badge counting up).
    private func turnsBack(_ a: Int, _ b: Int, over tiles: [Int], window: ClassifierWindow) -> Bool {
        guard a > 0 else { return false }
        let before = window[a - 1].thumb
        let change = before.distance(to: window[a].thumb, over: tiles)
        return change > 0 && before.distance(to: window[b].thumb, over: tiles) <= options.blinkReturnShare * change
    }

    /// Consecutive changed frames, split at pauses.
    private func runs(_ frames: [Int], window: ClassifierWindow) -> [[Int]] {
        var out: [[Int]] = []
        for (i, k) in frames.enumerated() {
            // (appended in place: a copy of the current run per frame made long runs quadratic)
            guard let previous = out.last?.last else {
                out.append([k])
                continue
            }
            let held = window.ms(k) - window.ms(previous)
            var split = held >= options.stableMs
            if !split, held >= pauseMs {
                // a lone step before or after a held picture is a transition of its own...
                let nextHeld = i + 1 < frames.count ? window.ms(frames[i + 1]) - window.ms(k) : .infinity
                split = out[out.count - 1].count == 1 || nextHeld >= pauseMs
                // ...unless the steps come at one slower cadence: an animation drawn at 10 frames a
                // second in a 60-fps capture holds each step 100 ms (an emulator, a mirrored
                // device), frames the app never drew, not pauses between transitions (the drag of
                // duo_cs_dragdrop_dual.gif captured at 60 fps was six cuts); a cut 80 ms before a
                // slide at the film's own rate is still two. Only where the recorder kept writing
                // frames meanwhile: in a change-driven capture a gap is the app holding
                // still (a VFR page load's scrollbar steps joined to its logo's arrival otherwise)
                // (or at the film's own drawn cadence, when the next step does not come at the
                // capture's rate: a change of two steps has no third to show it, and a cut before a
                // slide drawn at the film's rate stays two)
                let run = out[out.count - 1]
                let before = run.count >= 2 ? window.ms(previous) - window.ms(run[run.count - 2]) : nil
                if split, repeated(window, from: previous, to: k),
                   sameCadence(held, nextHeld) || before.map({ sameCadence(held, $0) }) == true
                    || (nextHeld > options.cadenceRatio * periodMs && window[k].cadenceMs.map({ sameCadence(held, $0) }) == true) {
                    split = false
                }
            }
            if split { out.append([k]) } else { out[out.count - 1].append(k) }
        }
        return out
    }

    /// The recorder went on writing frames at the film's rate between positions `a` and `b` (no
    /// more than one period missing), none of them a visible change.
    private func repeated(_ window: ClassifierWindow, from a: Int, to b: Int) -> Bool {
        Double(b - a) >= (window.ms(b) - window.ms(a)) / periodMs - 1
    }

    /// Two gaps between steps, each at least a pause and under a stable state, within
    /// `cadenceRatio` of each other: one cadence.
    private func sameCadence(_ a: Double, _ b: Double) -> Bool {
        a >= pauseMs && b >= pauseMs && a < options.stableMs && b < options.stableMs && withinCadence(a, b)
    }

    /// Two gaps within `cadenceRatio` of each other.
    private func withinCadence(_ a: Double, _ b: Double) -> Bool { max(a, b) <= options.cadenceRatio * min(a, b) }

    /// The run's changed tiles in groups that change together.
    private func spatialGroups(_ run: [Int], active: [[Int]]) -> [[Int]] {
        var seen = [Bool](repeating: false, count: grid.count), tiles: [Int] = []
        for k in run {
            for t in active[k] where !seen[t] {
                seen[t] = true
                tiles.append(t)
            }
        }
        let parts = TileBox.components(of: tiles, columns: grid.columns)
        guard parts.count > 1 else { return parts }
        // which frames each part changes on: two places changing on mostly different frames are
        // separate events, though their first and last frames interleave (two phones side by side,
        // each with taps and keyboards of its own)
        // (ascending frame lists, counted by a merge walk: sets hashed every frame of every part)
        var partOf = [Int](repeating: -1, count: grid.count)
        for (i, p) in parts.enumerated() { for t in p { partOf[t] = i } }
        var frameLists = [[Int]](repeating: [], count: parts.count)
        for k in run {
            for t in active[k] where partOf[t] >= 0 && frameLists[partOf[t]].last != k { frameLists[partOf[t]].append(k) }
        }
        // (each part's first and last changed frame)
        let spans = frameLists.map { ($0[0], $0[$0.count - 1]) }
        func sharedFrames(_ a: [Int], _ b: [Int]) -> Int {
            var (i, j, n) = (0, 0, 0)
            while i < a.count && j < b.count {
                if a[i] == b[j] { n += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
            }
            return n
        }
        let boxes = parts.map { TileBox($0, columns: grid.columns).grown(by: 1, columns: grid.columns, rows: grid.rows) }
        let near = boxes.map { $0.grown(by: 1, columns: grid.columns, rows: grid.rows) }
        var sets = DisjointSets(count: parts.count)
        for i in parts.indices {
            for j in parts.indices where j > i {
                let (a, b) = (spans[i], spans[j])
                let overlap = min(a.1, b.1) - max(a.0, b.0) + 1
                let shared = overlap > 0 ? sharedFrames(frameLists[i], frameLists[j]) : 0
                let either = frameLists[i].count + frameLists[j].count - shared
                // a piece inside another's extent, or next to it while it changes, is part of it
                let during = (a.0 >= b.0 - 1 && a.1 <= b.1 + 1) || (b.0 >= a.0 - 1 && b.1 <= a.1 + 1)
                let inside = overlap > 0 && (boxes[i].contains(boxes[j]) || boxes[j].contains(boxes[i]))
                if inside || (during && near[i].intersects(near[j])) || (shared > 0 && Double(shared) >= options.togetherShare * Double(either)) {
                    sets.union(i, j)
                }
            }
        }
        var merged: [Int: [Int]] = [:]
        for i in parts.indices { merged[sets.find(i), default: []] += parts[i] }
        return merged.values.map { $0.sorted() }
    }

    /// A cut in one place while another keeps changing beside it (one pane swaps its page while a
    /// ripple spreads over the other, the two panes touching at the hinge): the cut is a transition
    /// of the tiles it changed alone, and the change beside it goes on as one, not two pieces either
    /// side of the cut. nil unless `pieces` are one jump between two runs of changes that touch
    /// mostly the same tiles (`jumpApartShare` of the smaller), and the tiles the jump changed that
    /// neither run did have a box clear of the runs' box (beside it, not over it).
    private func jumpApart(_ pieces: [[Int]], jumps: Set<Int>, active: [[Int]], member: [Bool]) -> [(frames: [Int], tiles: [Int])]? {
        guard pieces.count == 3, jumps == [1], pieces[0].count > 1 || pieces[2].count > 1 else { return nil }
        let before = changedTiles(pieces[0], active: active, member: member), after = changedTiles(pieces[2], active: active, member: member)
        let jump = pieces[1][0]
        let share = options.jumpApartShare
        guard Double(before.intersection(after).count) >= share * Double(min(before.count, after.count)) else { return nil }
        let others = before.union(after)
        let jumped = active[jump].filter { member[$0] }
        let alone = jumped.filter { !others.contains($0) }
        guard !alone.isEmpty else { return nil }
        let rest = others.sorted()
        // (side by side: a jump over the place the rest changes in is the change's own step, the
        // drop target that greys while the drag shadow moves over it)
        guard !TileBox(alone, columns: grid.columns).intersects(TileBox(rest, columns: grid.columns)) else { return nil }
        let restFrames = pieces.joined().filter { k in active[k].contains { others.contains($0) } }
        return [(frames: [jump], tiles: alone.sorted()), (frames: restFrames, tiles: rest)]
    }

    /// The group's tiles that changed on `frames`.
    private func changedTiles(_ frames: [Int], active: [[Int]], member: [Bool]) -> Set<Int> {
        Set(frames.flatMap { active[$0].filter { member[$0] } })
    }

    private func membership(_ tiles: [Int]) -> [Bool] {
        var m = [Bool](repeating: false, count: grid.count)
        for t in tiles { m[t] = true }
        return m
    }

    /// Splits a run around a frame whose change dwarfs its neighbours': a cut while a progress bar
    /// moves, or inside a fade, is a transition of its own.
    /// The pieces, and which of them (indices) are jumps.
    private func splitAtJumps(_ frames: [Int], window: ClassifierWindow, member: [Bool], count: Int) -> (pieces: [[Int]], jumps: Set<Int>) {
        guard frames.count > 1 else { return ([frames], []) }
        let r = frames.map { window.rmse($0, over: member, count: count) }
        var parts: [[Int]] = []
        var jumps = Set<Int>()
        var from = 0
        for i in frames.indices {
            let before = i > 0 ? r[i - 1] : 0, after = i + 1 < frames.count ? r[i + 1] : 0
            guard r[i] >= options.jumpRMSE, r[i] >= options.jumpRatio * max(before, after) else { continue }
            if i > from { parts.append(Array(frames[from..<i])) }
            jumps.insert(parts.count)
            parts.append([frames[i]])
            from = i + 1
        }
        if from < frames.count { parts.append(Array(frames[from...])) }
        return (parts, jumps)
    }
}
