/// Finds a rotation animation inside a fixed frame size (a recording of a simulator window or a
/// phone that turns): a run of frames that change most of the picture (`turnShare` of its tiles,
/// or of a window's, for a window on a flat desktop; grain of a level or two on every tile, under
/// the film's noise floor, is no change), in which either
/// - the picture turned about its centre on a dark ground: at some frame all four corners of the
///   frame are one flat dark colour while the centre keeps its brightness (a fade to black dims the
///   centre first; a dialog or a sheet leaves the corners alone), the content's box stays about
///   the centre of the box before the run (an app switcher's cards leave it), the corners are
///   not dark after it, and at such a frame the picture reaches the middle third of
///   `turnGroundEdges` of the frame's edges on a ground over `turnGroundShare` of the frame (a page
///   shrinking about its centre leaves a ring, or touches the edges with its rounded corners only)
///   with `turnTiltCorners` of its box's corners the ground (an upright card fills them);
///   where the corners are dark before or after (a dark app's grey bars), the ground
///   must be near black (`blackGround`), darker than those corners, cover `groundMinShare` of the
///   frame, and the picture on it reach the middle third of `groundEdges` of the frame's edges (a
///   fade dims the bars with the centre, a page shrinking about its centre leaves a black ring);
/// - the content's shape has turned afterwards — portrait content becomes letterboxed landscape
///   content or back (measured from the uniform bars along the frame's edges; a screen letterboxed
///   in a square or landscape canvas turns `turnShare` of its band, not of the canvas) — and it was seen
///   turning (on a dark ground as above, or touching its box's sides off their middles at some
///   frame: a photo or a video opening letterboxed on black darkens the corners too); or
/// - a window on a flat desktop turned: its box's width and height swapped about its centre, and
///   it was seen turning so.
/// The broad frames just before a run (a turn's eased first frames) count for whether the box
/// left the centre and touched its sides at corners.
/// A frame size that changes is a rotation of its own (see inferredEvents).
///
/// Its thresholds are `PostureInferenceOptions` (`turnShare`, `portraitAspect`, ...).
///
///     var t = RotationTracker(options: o); t.add(m, board, changed: 812, periodMs: 16.7)   // board already updated with m
struct RotationTracker: Sendable {
    let options: PostureInferenceOptions

    /// A rotation animation: its times, how sure, and why.
    struct Turn: Sendable {
        var startMs: Double
        var endMs: Double
        var confidence: Double
        var evidence: [Evidence]
    }

    private(set) var rotations: [Turn] = []
    private var stableContent: Content?
    /// The colour of the frame's corners when they are one flat dark colour, else nil.
    private var stableCorners: SIMD3<Float>?
    private var stableBrightness = 0.0
    /// A run of turning frames: `offCentre` whether any frame's box left the centre of the box
    /// before it, `frameWide` whether any frame changed `turnShare` of the frame (not only of a
    /// window).
    struct Run {
        var startMs: Double, lastMs: Double, before: Content, corners: SIMD3<Float>?, brightness: Double, turnedOnDark: Bool
        var offCentre = false, frameWide = false
        /// One frame that changed nothing beyond the noise has been carried over.
        var quiet = false
        /// The most of every side of a centred box that was bar-coloured, at any frame.
        var cornered = 0.0
        /// The darkest near-black ground (`blackGround`), a flat fill over `groundMinShare` of the
        /// frame, at a frame that kept the centre's brightness with the picture reaching the middle
        /// third of `groundEdges` of the frame's edges, if any.
        var black: SIMD3<Float>?
        /// The same where the picture reached only `turnGroundEdges` of the edges, turned
        /// (`turnTiltCorners`, `turnTiltRim`): a dark app's turn that shrinks as it turns.
        var tiltBlack: SIMD3<Float>?
        /// At some frame the picture on a dark ground (corners dark, the centre's brightness kept)
        /// reached the middle third of `turnGroundEdges` of the frame's edges, the ground a flat
        /// fill over `turnGroundShare` of the frame: a turn's, not a page shrinking inside a ring.
        var reached = false
    }
    private var run: Run?
    /// Broad frames just before a run, measured as a run's are: a turn's eased first frames move
    /// under `turnShare` of the frame, and at 10-15 fps the frames that show a letterboxed band
    /// turning about the centre are those (the frames a run begins on already fill the frame).
    private var lead: (offCentre: Bool, cornered: Double)?

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// The content inside uniform bars (one colour: `barTolerance`): its shape, whether bars lie
    /// across both axes, and its box.
    typealias Content = TileBoard.ContentShape
    private func content(_ board: TileBoard) -> Content { board.contentShape(colourTolerance: Float(options.barTolerance)) }

    /// -1 portrait, 1 landscape, 0 square-ish.
    func shape(_ aspect: Double) -> Int { aspect < options.portraitAspect ? -1 : aspect > options.landscapeAspect ? 1 : 0 }
    /// Tiles of the frame (the board's, as of the last frame).
    private var frameTiles = 1
    /// The picture as the run's last frame left it (the held picture, in a VFR film).
    private var heldAfter: (content: Content, corners: SIMD3<Float>?, brightness: Double) = (Content(aspect: 1, boxed: false), nil, 0)
    /// The stable measures are the board's as it is now.
    private var stableMeasured = false

    /// `changed`: how many tiles the frame changed beyond the film's noise;
    /// `periodMs`: the film's frame period so far (the classifier's: the shortest gap between frames).
    mutating func add(_ m: FrameMeasure, _ board: TileBoard, changed: Int, periodMs: Double) {
        frameTiles = board.tiles
        // (a frame that changed nothing leaves the board as it was: the stable picture's measures stand)
        if m.complete || !m.changes.isEmpty { stableMeasured = false }
        if m.complete {
            stableContent = content(board)
            stableCorners = darkCornerColour(board)
            stableBrightness = Self.centreBrightness(board)
            run = nil
            return
        }
        // A change-driven VFR film writes no frame while the picture holds: the turn ended with
        // the last frame written. A film whose every frame lasts that long (a GIF at 5 fps shows a
        // 400-ms rotation in two frames 200 ms apart) holds only past one and a half of its frames.
        if let r = run, m.ptsMs - r.lastMs >= max(options.heldMs, 1.5 * periodMs) { finish(r, after: heldAfter) }
        let broad = options.broad(changed, of: board.tiles)
        if options.turning(changed, of: turnTiles(run?.before ?? stableContent)) {
            if run == nil {
                run = Run(startMs: m.ptsMs, lastMs: m.ptsMs, before: stableContent ?? content(board), corners: stableCorners,
                          brightness: stableBrightness, turnedOnDark: false)
                if let lead { (run!.offCentre, run!.cornered) = (lead.offCentre, lead.cornered) }
                lead = nil
            }
            (run!.lastMs, run!.quiet) = (m.ptsMs, false)
            if options.turning(changed, of: wideTiles(run!.before)) { run!.frameWide = true }
            let now = content(board), dark = darkCornerColour(board), brightness = Self.centreBrightness(board)
            follow(now, board)
            if let dark, brightness >= options.keptBrightness * run!.brightness {
                if run!.corners == nil { run!.turnedOnDark = true }
                let edges = edgesReached(board, ground: dark)
                // (the ground's share only where the edges count: a scan of the frame)
                let share = edges >= min(options.groundEdges, options.turnGroundEdges) ? groundShare(board, ground: dark) : 0
                if debugClassifier { debugLine("dark ground \(m.ptsMs): \(colourText(dark)) kept \(brightness / max(run!.brightness, 1e-9)) edges \(edges) share \(share)") }
                // (a turned picture leaves the ground at its box's corners and along its sides; a
                // page shrinking with rounded corners, a scrim's edge or a cube's face, less of them)
                let tilted = edges >= options.turnGroundEdges && groundAlongBox(of: now, board, ground: dark).map {
                    $0.corners >= options.turnTiltCorners && $0.rim >= options.turnTiltRim
                } == true
                if tilted, share >= options.turnGroundShare {
                    run!.reached = true
                }
                if Double(dark.max()) <= options.blackGround, share >= options.groundMinShare {
                    func darkest(_ g: SIMD3<Float>?) -> SIMD3<Float> { g.map { dark.sum() < $0.sum() ? dark : $0 } ?? dark }
                    // (a dark app's picture shrinking a little as it turns reaches only 2 edges)
                    if edges >= options.groundEdges { run!.black = darkest(run!.black) } else if tilted { run!.tiltBlack = darkest(run!.tiltBlack) }
                }
            }
            heldAfter = (now, dark, brightness)
            return
        }
        if var r = run {
            switch (broad, r.quiet) {
            case (true, false):
                // the turn eases out with smaller steps
                r.lastMs = m.ptsMs
                run = r
                let now = content(board)
                follow(now, board)
                heldAfter = (now, darkCornerColour(board), Self.centreBrightness(board))
                return
            case (false, false):
                // (one frame that changed nothing beyond the noise is one the app did not draw, or
                // a turn drawn at 30 fps in a 60-fps capture: carried over while the turn goes on)
                r.quiet = true
                run = r
                return
            case (true, true):
                // (after it, only a turning frame goes on with the turn: the picture had held)
                finish(r, after: heldAfter)
            case (false, true):
                finish(r, after: (content(board), darkCornerColour(board), Self.centreBrightness(board)))
            }
        } else if broad {
            if let before = stableContent {
                let (off, cornered) = sweep(from: before, to: content(board), board)
                lead = ((lead?.offCentre ?? false) || off, max(lead?.cornered ?? 0, cornered))
            }
        } else {
            lead = nil
            if !stableMeasured {
                stableContent = content(board)
                stableCorners = darkCornerColour(board)
                stableBrightness = Self.centreBrightness(board)
                stableMeasured = true
            }
        }
    }

    /// The film ended: a turn still under way ends with its last frame.
    mutating func finish() {
        if let r = run { finish(r, after: heldAfter) }
    }

    /// Notes where the content's box went during the run, and whether it stayed about the centre of
    /// the box before it.
    private mutating func follow(_ c: Content, _ board: TileBoard) {
        guard var r = run else { return }
        let (off, cornered) = sweep(from: r.before, to: c, board)
        (r.offCentre, r.cornered) = (r.offCentre || off, max(r.cornered, cornered))
        run = r
    }

    /// Whether content `c` left the centre of box `b`, and else how much of every side of its box
    /// is bar-coloured.
    private func sweep(from b: Content, to c: Content, _ board: TileBoard) -> (offCentre: Bool, cornered: Double) {
        if !b.isCentred(c, slack: swapSlack(b)) { return (true, 0) }
        return (false, board.barShareAlongSides(of: c, colourTolerance: Float(options.barTolerance)) ?? 0)
    }

    private func swapSlack(_ a: Content) -> Double {
        Double(max(2, Int((options.windowSwapShare * Double(max(a.width, a.height))).rounded(.up))))
    }

    private mutating func finish(_ r: Run, after: (content: Content, corners: SIMD3<Float>?, brightness: Double)) {
        let duration = r.lastMs - r.startMs
        // A letterbox or a pillarbox fills the frame one way: bars along two opposite edges (or
        // none). Content inside bars across both axes before and after fills it neither way (the
        // row of cards of ios_hero_basic.gif at half size, 17 of 20 tiles wide, that becomes a
        // column, was read as a rotation), so one side of a turn at least must be open; a
        // pillarbox whose status bar is the bars' colour turning into a letterbox still is one.
        let open = !r.before.boxed || !after.content.boxed
        // ...and a box all round turns into bars along two edges, not into content filling the
        // frame: a centred card that grows to fill a landscape frame (a container transform) is
        // no rotation (a reviewer's 800x600 film was one).
        let boxToFull = (r.before.boxed && !after.content.barred) || (after.content.boxed && !r.before.barred)
        let turnedShape = shape(after.content.aspect) != 0 && shape(r.before.aspect) == -shape(after.content.aspect)
        // A turning window stays about its centre, and part way through it touches each side of
        // its bounding box at a corner only (those sides are 83-97% desktop on 16-px tiles); a
        // crossfade, a zoom or a shared-axis transition between a portrait and a landscape box
        // fills its box's sides (24-33% desktop), a resize or a flip never leaves them, a swipe
        // leaves the centre (a reviewer's 18 look-alike films gave 21 rotations without this).
        let swept = !r.offCentre && r.cornered >= options.turnCornerShare
        let windowTurned = turnedShape && swept && windowTurned(from: r.before, to: after.content)
        // A run that only a window's share of the frame started is the window's to call: a card
        // crossfading into a letterboxed video, or a page dimming to black around a card, changes
        // half of the card's tiles but not half of the frame's.
        // ...and the content must be seen turning, as a window's is: a turn on a dark ground, or a
        // frame where the content's box, about its centre, touches its sides at corners only. A
        // gallery swiping or crossfading from a landscape photo to a portrait one on black or white
        // bars changes its shape the same way (a reviewer's 6 of 6 such films, and a short-video
        // feed swiped from 16:9 to 9:16, were rotations).
        // A dark ground shows a turn only where the turn ends on a picture that fills the frame's
        // corners again (the landscape UI drawn sideways) and the content's box stayed about the
        // centre of the box before it. Corners that stay dark are a scrim around a dialog, a
        // lightbox, a photo or a video opening letterboxed on black (a reviewer's films, and
        // dark-theme photo viewers and full-screen videos, were rotations): there the box must be
        // seen turning. An app switcher shrinks the page to a card on a dark ground, slides the
        // next card in and grows it to fill the frame, its box leaving the centre on the way. When
        // the shape turned too, the dark ground only adds confidence.
        // A dark app's corners are dark before and after: its ground shows the turn where it is
        // near black, lighter dark corners before and after (the app's grey bars), and the
        // picture reaches the middle third of most of the frame's edges (a page shrinking about
        // its centre leaves a black ring; a fade dims the centre with the bars).
        func lighter(_ c: SIMD3<Float>?, than ground: SIMD3<Float>?) -> Bool {
            guard let c, let g = ground else { return true }
            return Double(c.sum() - g.sum()) / 3 > options.barTolerance
        }
        // A picture that reaches only 2 edges turned on black counts where the app's own dark
        // corners are there before and after it: a photo landing tilted on black after a dark
        // title card, and then filling the frame, reaches 2 edges turned as well (a review's
        // story openers were rotations).
        func onGround(_ g: SIMD3<Float>?) -> Bool { g != nil && lighter(r.corners, than: g) && lighter(after.corners, than: g) }
        let onBlack = onGround(r.black) || (r.corners != nil && after.corners != nil && onGround(r.tiltBlack))
        // A light app's turn (corners not dark before and after) shows where its picture reaches
        // the frame's edges on a broad dark ground: a page shrinking inside a ring does not.
        let light = r.corners == nil && after.corners == nil
        let turnedAbout = (light ? r.reached : onBlack) && !r.offCentre
        let seenTurning = turnedAbout || swept
        let shapeTurned = turnedShape && ((open && !boxToFull && r.frameWide && seenTurning) || windowTurned)
        let darkTurn = turnedAbout && r.frameWide
        if debugClassifier {
            debugLine("turn \(r.startMs)-\(r.lastMs): aspect \(r.before.aspect) -> \(after.content.aspect), dark ground \(r.turnedOnDark) "
                + "(corners dark before \(colourText(r.corners)), after \(colourText(after.corners)), black \(colourText(r.black)), turned on black \(colourText(r.tiltBlack))), off centre \(r.offCentre), cornered \(r.cornered), "
                + "frame-wide \(r.frameWide) -> \(shapeTurned ? "shape" : darkTurn ? "dark ground" : "no turn")")
        }
        if shapeTurned || darkTurn, duration >= options.rotationMinMs, duration <= options.rotationMaxMs {
            var evidence = [Evidence("aspect_before", r.before.aspect), Evidence("aspect_after", after.content.aspect)]
            if windowTurned { evidence.append(Evidence("window_turned", 1)) }
            if r.turnedOnDark || onBlack { evidence.append(Evidence("dark_corners", 1)) }
            rotations.append(Turn(startMs: r.startMs, endMs: r.lastMs, confidence: shapeTurned && (r.turnedOnDark || onBlack) ? Confidence.turnBothSigns : Confidence.turnOneSign,
                                  evidence: evidence))
        }
        run = nil
        (stableContent, stableCorners, stableBrightness) = (after.content, after.corners, after.brightness)
    }

    /// A window, boxed by one flat colour before and after (a simulator's window on a desktop, in
    /// a capture region that holds it either way), whose box turned about its centre: its width
    /// became its height and its height its width, the centre where it was, each within
    /// `windowSwapShare` of its longer side (or two tiles). Cards that rearrange on a page move
    /// their box's centre or change its size (the half-size Hero: 1.55 -> 0.70 -> 2.0).
    func windowTurned(from a: Content, to b: Content) -> Bool {
        guard a.boxed, b.boxed, isWindow(a), isWindow(b), a.solid >= options.windowSolidShare, b.solid >= options.windowSolidShare else { return false }
        let slack = swapSlack(a)
        func near(_ p: Int, _ q: Int) -> Bool { Double(abs(p - q)) <= slack }
        return near(a.width, b.height) && near(a.height, b.width) && a.isCentred(b, slack: slack)
    }

    /// The box is large enough to be a window (`windowMinShare` of the frame), not a button.
    private func isWindow(_ c: Content) -> Bool {
        Double(c.width * c.height) >= options.windowMinShare * Double(frameTiles)
    }

    /// The tiles a turn must change a share of: a window's, when the content is one (its turn on a
    /// desktop changes 14-23% of the frame, half the window), else the frame's.
    private func turnTiles(_ c: Content?) -> Int {
        guard let c, c.boxed || c.isLetterboxedScreen, isWindow(c) else { return frameTiles }
        return c.width * c.height
    }

    /// The tiles a turn changes a share of when it moves the whole screen: the frame's, or a
    /// letterboxed screen's (a landscape screen letterboxed in a square or 16:9 canvas turning
    /// back to portrait changes 40-45% of the frame, 85% of the band).
    private func wideTiles(_ c: Content) -> Int {
        c.isLetterboxedScreen && isWindow(c) ? c.width * c.height : frameTiles
    }

    /// How many of the frame's edges the picture reaches in their middle third: a tile there that
    /// is not a flat fill of the ground's colour.
    func edgesReached(_ board: TileBoard, ground: SIMD3<Float>) -> Int {
        let cols = board.grid.columns, rows = board.grid.rows, tol = Float(options.barTolerance)
        func reached(_ tiles: [Int]) -> Bool { tiles.contains { !board.isFill($0, like: ground, tolerance: tol) } }
        let xs = Array((cols / 3)..<(cols - cols / 3)), ys = Array((rows / 3)..<(rows - rows / 3))
        return [xs, xs.map { (rows - 1) * cols + $0 }, ys.map { $0 * cols }, ys.map { $0 * cols + cols - 1 }]
            .filter(reached).count
    }

    /// Where the ground's flat fill lies along the content's box `box` (inside the ground's bars,
    /// as `content` reads it): how many of its 4 corners, and the share of the tiles along its
    /// sides. A turned picture touches each side of its box at one point, leaving a triangle of
    /// ground at each corner along most of each side (4, a large share); an upright card fills its
    /// corners (0), an upright page's rounded corners leave a tile or two (4, a small share).
    /// Nil for a box a tile thin; a rim share of 0 for one two tiles thin (no sides but corners).
    func groundAlongBox(of box: Content, _ board: TileBoard, ground: SIMD3<Float>) -> (corners: Int, rim: Double)? {
        guard box.width > 1, box.height > 1 else { return nil }
        let cols = board.grid.columns, tol = Float(options.barTolerance)
        let (x0, y0, x1, y1) = (box.x, box.y, box.x + box.width - 1, box.y + box.height - 1)
        func at(_ x: Int, _ y: Int) -> Int { board.isFill(y * cols + x, like: ground, tolerance: tol) ? 1 : 0 }
        let corners = at(x0, y0) + at(x1, y0) + at(x0, y1) + at(x1, y1)
        guard box.width > 2, box.height > 2 else { return (corners, 0) }
        var rim = corners
        for x in (x0 + 1)..<x1 { rim += at(x, y0) + at(x, y1) }
        for y in (y0 + 1)..<y1 { rim += at(x0, y) + at(x1, y) }
        return (corners, Double(rim) / Double(2 * (box.width + box.height) - 4))
    }

    /// The share of the frame's tiles that are flat fills of the ground's colour.
    func groundShare(_ board: TileBoard, ground: SIMD3<Float>) -> Double {
        let tol = Float(options.barTolerance)
        return Double(board.picture.tilesFilled(with: ground, tolerance: tol).count) / Double(max(1, board.grid.count))
    }

    private func colourText(_ c: SIMD3<Float>?) -> String {
        guard let c else { return "-" }
        return "\(Int(c.x.rounded())),\(Int(c.y.rounded())),\(Int(c.z.rounded()))"
    }

    /// The colour of the frame's corners when all four (2x2 tiles each) are flat fills of one dark
    /// colour, else nil.
    func darkCornerColour(_ board: TileBoard) -> SIMD3<Float>? {
        let sameColour = Float(options.barTolerance)
        let cols = board.grid.columns, rows = board.grid.rows
        guard cols >= 6, rows >= 6 else { return nil }
        let first = board.picture.mean(0)
        guard options.isDark(first) else { return nil }
        for (cx, cy) in [(0, 0), (cols - 2, 0), (0, rows - 2), (cols - 2, rows - 2)] {
            for dy in 0..<2 {
                for dx in 0..<2 where !board.isFill((cy + dy) * cols + cx + dx, like: first, tolerance: sameColour) { return nil }
            }
        }
        return first
    }

    /// Mean level of the middle third of the frame.
    static func centreBrightness(_ board: TileBoard) -> Double {
        let cols = board.grid.columns, rows = board.grid.rows
        guard cols >= 3, rows >= 3 else { return 0 }
        var sum: Float = 0, n = 0
        for y in (rows / 3)..<(2 * rows / 3) {
            for x in (cols / 3)..<(2 * cols / 3) {
                sum += board.picture.mean(y * cols + x).sum() / 3
                n += 1
            }
        }
        return n > 0 ? Double(sum) / Double(n) : 0
    }
}
