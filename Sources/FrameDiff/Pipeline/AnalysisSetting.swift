/// One threshold of the analysis that a project may set without recompiling: its key (in
/// `.framediff.json`'s `"analysis"` section and `--set KEY=VALUE`), the command-line flag of the
/// few that have one, its unit, range, default and a one-line reason, and the detector that reads
/// it. `AnalysisSetting.all` is the one place these are written: the help, the README's table of
/// analysis settings and the rules-file reader all read it (a test checks the README's copy).
/// Thresholds that count tiles are stated in pixels, so a tile size keeps their meaning.
///
///     var o = AnalysisOptions(); try AnalysisSetting.named("stable_ms")!.set(200, in: &o)
public struct AnalysisSetting {
    /// The decision a setting belongs to, in the order they run.
    public enum Detector: String, CaseIterable, Sendable {
        /// which tiles changed in a frame (ChangeThreshold)
        case change
        /// regions that never stop changing (BusyDetector, BusyTracker)
        case busy
        /// blanks and placeholder flashes (FillTracker, FillGroups, BlankDetector, FlashDetector)
        case flat
        /// cut, fade and motion (TransitionDetector, TransitionFinder, TransitionJudge)
        case transitions
        /// the tile board's picture (TileBoard)
        case board
        /// posture events: their effects and their inference (Posture/)
        case posture
        /// hitches inside motions and fades (HitchFinder)
        case hitches
    }

    /// `stable_ms`: the key in the rules file and for `--set`.
    public let key: String
    /// `--stable-ms`, for the settings with a flag of their own.
    public let flag: String?
    public let detector: Detector
    /// "ms", "levels" (of 255), "share" (0-1), "px", "frames", "x noise floor" ...
    public let unit: String
    public let range: ClosedRange<Double>
    /// A whole number (frames, pixels).
    public let integer: Bool
    public let reason: String
    private let read: (AnalysisOptions) -> Double
    private let write: (inout AnalysisOptions, Double) -> Void

    private static func double(_ key: String, _ path: WritableKeyPath<AnalysisOptions, Double>, _ detector: Detector, _ unit: String,
                               _ range: ClosedRange<Double>, flag: String? = nil, _ reason: String) -> AnalysisSetting {
        AnalysisSetting(key: key, flag: flag, detector: detector, unit: unit, range: range, integer: false, reason: reason,
                        read: { $0[keyPath: path] }, write: { $0[keyPath: path] = $1 })
    }

    private static func int(_ key: String, _ path: WritableKeyPath<AnalysisOptions, Int>, _ detector: Detector, _ unit: String,
                            _ range: ClosedRange<Double>, flag: String? = nil, _ reason: String) -> AnalysisSetting {
        AnalysisSetting(key: key, flag: flag, detector: detector, unit: unit, range: range, integer: true, reason: reason,
                        read: { Double($0[keyPath: path]) }, write: { $0[keyPath: path] = Int($1) })
    }

    /// The setting's value in `options`.
    public func value(in options: AnalysisOptions) -> Double { read(options) }

    /// What applies when nothing sets it.
    public var defaultValue: Double { read(AnalysisOptions()) }

    /// Sets it in `options`, or says why the value is refused (out of range, not a whole number).
    public func set(_ value: Double, in options: inout AnalysisOptions) throws {
        if let why = refusal(value) { throw SettingError(key: key, cause: why) }
        write(&options, value)
    }

    /// Why `value` cannot be this setting's, or nil.
    public func refusal(_ value: Double) -> String? {
        let bounds = "\(JSON.format(range.lowerBound, decimals: 6)) to \(JSON.format(range.upperBound, decimals: 6))"
        if !value.isFinite || !range.contains(value) { return "expected \(integer ? "a whole number" : "a number") from \(bounds) (\(unit))" }
        if integer && value.rounded() != value { return "expected a whole number from \(bounds) (\(unit))" }
        return nil
    }

    public static func named(_ key: String) -> AnalysisSetting? { all.first { $0.key == key } }

    /// Every setting, by detector in the order they run.
    public static var all: [AnalysisSetting] {
        let table: [AnalysisSetting] = [
            .double("noise_factor", \.classifier.noiseFactor, .change, "x noise floor", 1...100,
                    "a tile changed when its mean shift or RMSE exceeds this many times the film's noise floor"),
            .double("min_tile_shift", \.classifier.minTileShift, .change, "levels", 0...255,
                    "and by at least this much mean colour: H.264 at CRF 30 moves still text by up to 4.5"),
            .double("min_tile_rmse", \.classifier.minTileRMSE, .change, "0-1 RMSE", 0...1, flag: "--min-tile-rmse",
                    "smallest texture change of a tile that counts, with an unchanged mean (new text); codec flicker reaches 0.06"),
            .double("stable_ms", \.classifier.stableMs, .transitions, "ms", 1...60000, flag: "--stable-ms",
                    "changes closer than this are one transition; a picture held this long is a state"),
            .int("pause_frames", \.classifier.pauseFrames, .transitions, "frames", 1...1000,
                    "a picture held this many frames (and pause_min_ms) also ends a transition"),
            .double("pause_min_ms", \.classifier.pauseMinMs, .transitions, "ms", 0...60000,
                    "the shortest pause that ends a transition, whatever the frame rate"),
            .double("cadence_ratio", \.classifier.cadenceRatio, .transitions, "ratio", 1...100,
                    "pauses between steps within this ratio of each other are one slower animation, not pauses"),
            .int("cadence_min_steps", \.classifier.cadenceMinSteps, .transitions, "steps", 0...100000,
                    "after this many gaps under stable_ms between visibly changing frames, their median is the film's drawn cadence (0: none)"),
            .int("hold_tiles", \.classifier.holdTiles, .transitions, "tiles", 0...1000,
                    "one frame changing this many tiles or fewer, or within a box this many + 1 tiles a side (a cursor, a click ring), inside a stable_ms hold does not break it"),
            .int("blink_beats", \.classifier.blinkBeats, .transitions, "frames", 0...1000,
                    "this many frames of hold_tiles' or pointer_share's size at one place, turning it on and off on a steady beat, are a blinker (a caret): at a transition's ends they are changes of their own (0 or 1: none)"),
            .double("blink_max_ms", \.classifier.blinkMaxMs, .transitions, "ms", 0...60000,
                    "the longest gap between a blinker's beats"),
            .double("blink_return_share", \.classifier.blinkReturnShare, .transitions, "share", 0...1,
                    "a blinker's beat turns its place back to the picture before the beat before, to within this share of its change"),
            .double("state_tolerance", \.classifier.stateTolerance, .transitions, "levels", 0...255,
                    "two pictures show the same state when their tile means differ by less"),
            .double("state_share", \.classifier.stateShare, .transitions, "share", 0...1,
                    "or by less than this share of the change between the states (an eased fade's 2nd frame: 1.35%)"),
            .double("lead_share", \.classifier.leadShare, .transitions, "share", 0...1,
                    "an eased start's frame belongs to the transition when this share of it leads to the new state"),
            .double("rest_rmse", \.classifier.restRMSE, .transitions, "0-1 RMSE", 0...1,
                    "a motion rests only once no tile of its region steps by more than this 0-1 tile RMSE (or the film's noise) a frame: an ease-out's last pixel steps"),
            .double("rest_span", \.classifier.restSpan, .transitions, "share", 0...1,
                    "...on tiles whose box spans this share of the region's width or height (not a small icon turning inside it)"),
            .int("rest_tiles", \.classifier.restTiles, .transitions, "tiles", 1...10000,
                    "...with this many of them touching (not a GIF's scattered dither)"),
            .double("rest_ease", \.classifier.restEase, .transitions, "share", 0...1,
                    "...after a motion whose last step was at most this share of its largest (an ease-out, not a picture swapped at once)"),
            .double("rest_tail_share", \.classifier.restTailShare, .transitions, "share", 0...100,
                    "...for at most this share of the motion's duration up to where its mean landed (not a marquee creeping on after it)"),
            .double("fade_rest_share", \.classifier.fadeRestShare, .transitions, "share", 0...1,
                    "a fade goes on past the picture stable_ms after its last visible step over each next frame on which this share of its changing tiles, net of those going back, move on its way"),
            .double("fade_rest_levels", \.classifier.fadeRestLevels, .transitions, "levels", 0...255,
                    "...by this many levels or more (repeated frames between such steps are bridged)"),
            .double("fade_resume_share", \.classifier.fadeResumeShare, .transitions, "share", 0...100,
                    "a fade whose last steps run on to the next change in its place resumes with it when both together change the region by at most 1 + this share of the fade's own change"),
            .double("pointer_share", \.classifier.pointerShare, .transitions, "share", 0...1,
                    "first frames changing only a patch this share of the shorter side across are a pointer or touch dot"),
            .double("pointer_factor", \.classifier.pointerFactor, .transitions, "x patch", 1...10000,
                    "when the transition's region is this many times the patch: it starts where the app reacts"),
            .double("pointer_lead_ms", \.classifier.pointerLeadMs, .transitions, "ms", 0...10000,
                    "...and when that reaction comes at least this long after the patch first changed"),
            .double("pointer_drift", \.classifier.pointerDriftShare, .transitions, "share", 0...1,
                    "a dot moving on before the app reacts stays one while all its places fit a patch this share of the shorter side"),
            .double("pointer_colour", \.classifier.pointerColourShare, .transitions, "share", 0...1,
                    "a touch dot is grey or white: it colours a tile by at most this share of the tile's change (a chip or a badge is the app's)"),
            .double("slow_fade_step", \.classifier.slowFadeStep, .transitions, "levels", 0...255,
                    "a tile moving this far in a frame steps towards a fade too slow for the change threshold (a skeleton's pulse: 1-3)"),
            .int("slow_fade_steps", \.classifier.slowFadeSteps, .transitions, "frames", 1...100000,
                    "a slow fade's tile takes at least this many steps before it rests stable_ms (pulses: 12-14; codec refinement: 3)"),
            .double("slow_fade_wander", \.classifier.slowFadeWander, .transitions, "x net shift", 1...1000,
                    "and its steps add up to at most this many times where it ended (flicker and re-dither go back and forth)"),
            .double("scroll_indicator_share", \.classifier.scrollIndicatorShare, .transitions, "share", 0...1,
                    "a change in a side strip this share of the width wide (or a tile), 4x as tall, is a scroll indicator"),
            .double("cut_share", \.classifier.cutShare, .transitions, "share", 0...1,
                    "a transition whose first changed frame is this close to the new state is a cut"),
            .double("encoder_settle_share", \.classifier.encoderSettleShare, .transitions, "share", 0...1,
                    "a change this small (from state to state and at its farthest) soon after a bigger one in its place is the encoder refining it"),
            .double("fade_residual", \.classifier.fadeResidual, .transitions, "share", 0...1,
                    "a frame is a blend of two states when what the blend leaves unexplained is at most this"),
            .double("ground_fade_residual", \.classifier.groundFadeResidual, .transitions, "share", 0...1,
                    "a blend through a ground colour (the pages' opacities summing under 1 halfway) is a fade when it leaves at most this"),
            .double("ground_margin", \.classifier.groundMargin, .transitions, "levels", 0...255,
                    "a fade through a ground: its ground's share may stray this far outside 0-255, and the frames' readings of the ground from one another"),
            .double("fade_slack", \.classifier.fadeSlack, .transitions, "share", 0...1,
                    "a fade's weight may step back or overshoot 0-1 by this much (rounding, codec)"),
            .double("jump_ratio", \.classifier.jumpRatio, .transitions, "x", 1...1000,
                    "a frame this many times the RMSE of its neighbours is a cut of its own inside a run"),
            .double("jump_rmse", \.classifier.jumpRMSE, .transitions, "0-1 RMSE", 0...1,
                    "and at least this RMSE over the transition's region"),
            .double("jump_apart_share", \.classifier.jumpApartShare, .transitions, "share", 0...1,
                    "such a cut beside a change that goes on through it (this share of the same tiles before and after) is a cut of its own place only"),
            .double("piece_overlap", \.classifier.pieceOverlap, .transitions, "share", 0...1,
                    "pieces alike in kind and place overlapping this share of the shorter are one finding"),
            .double("together_share", \.classifier.togetherShare, .transitions, "share", 0...1,
                    "changes in separate places are one transition when their frames overlap this share of their union"),
            .int("chain_reach_px", \.classifier.chainReachPx, .transitions, "px", 0...100000,
                 "a motion starting as another rests continues it only this near it"),
            .double("single_tile_excursion", \.classifier.singleTileExcursion, .transitions, "x shift threshold", 0...1000,
                    "a one-tile change moving less than this is codec flicker"),
            .double("sharp_factor", \.classifier.sharpFactor, .transitions, "x tile threshold", 0...1000,
                    "unless its RMSE went this far past the tile threshold (a clock's digit)"),
            .double("cut_step_share", \.classifier.cutStepShare, .transitions, "share", 0...1,
                    "a cut's one step carries at least this share of its region's change"),
            .double("idle_keep_factor", \.classifier.idleKeepFactor, .transitions, "x stable_ms", 0...100,
                    "frames kept while nothing happens, for a slow fade's eased start"),
            .double("max_transition_ms", \.classifier.maxTransitionMs, .transitions, "ms", 100...600000,
                    "continuous change longer than this is decided in pieces (memory stays bounded)"),
            .int("max_transition_frames", \.classifier.maxTransitionFrames, .transitions, "frames", 2...100000,
                    "or of more frames than this"),
            .double("busy_ms", \.classifier.busyMs, .busy, "ms", 1...600000,
                    "a region changing this long without a pause is busy (a counter, a spinner, a video): one motion"),
            .double("busy_own_share", \.classifier.busyOwnShare, .busy, "share", 0...1,
                    "a tile is part of a busy region when it changed in this share of its frames"),
            .int("busy_join_area_px", \.classifier.busyJoinAreaPx, .busy, "px²", 0...100000000,
                    "a patch this large or smaller starting beside a busy region joins it (a counter's next digit)"),
            .double("busy_broad_share", \.classifier.busyBroadShare, .busy, "share", 0...1,
                    "a busy region this share of the frame is a moving page: the transitions on its tiles while it runs are its pieces"),
            .double("busy_piece_share", \.classifier.busyPieceShare, .busy, "share", 0...1,
                    "a transition is such a page's piece when this share of its box lies on the page's own tiles"),
            .double("flat_std", \.classifier.flatStd, .flat, "levels", 0...255,
                    "a tile is flat (a fill, a placeholder) at most this standard deviation; codec noise stays below 2.5"),
            .double("flat_stay_factor", \.classifier.flatStayFactor, .flat, "x flat_std", 1...100,
                    "a tile stays in its fill below this many times flat_std (grain does not break it)"),
            .double("colour_tolerance", \.classifier.colourTolerance, .flat, "levels", 0...255,
                    "a fill keeps its colour while its mean stays this close"),
            .double("uniform_tolerance", \.classifier.uniformTolerance, .flat, "levels", 0...255,
                    "a placeholder is one colour: every tile this close to the region's colour"),
            .double("longest_flash_ms", \.classifier.longestFlashMs, .flat, "ms", 1...60000, flag: "--flash-max-ms",
                    "longest flat interval reported as a flash (app placeholders 40-120 ms, page image slots 200-350); a slot a later cut fills: longest_slot_ms"),
            .double("longest_slot_ms", \.classifier.longestSlotMs, .flat, "ms", 0...600000,
                    "a slot a visible step made flat and a later cut filled with content is one flash up to this long (a page's images loading 1.3 s late); at or below longest_flash_ms: off"),
            .double("slot_min_share", \.classifier.slotMinShare, .flat, "share", 0...1,
                    "such a slot is at least this share of the frame's tiles (a word typed into an empty field is no image slot)"),
            .double("slot_max_share", \.classifier.slotMaxShare, .flat, "share", 0...1,
                    "and at most this share (a part of a page, not its background)"),
            .double("slot_fill", \.classifier.slotFill, .flat, "share", 0...1,
                    "and fills this share of its box (a solid rectangle; the white between text lines has holes)"),
            .double("slot_max_aspect", \.classifier.slotMaxAspect, .flat, "ratio", 1...1000,
                    "and is at most this many times as long as wide (a text field is a strip)"),
            .double("slot_ground", \.classifier.slotGround, .flat, "x slot", 1...1000,
                    "and is a box of its own: the flat area of its colour around it at most this many times the slot (a chat's background where a bubble lands is not)"),
            .double("slot_detail", \.classifier.slotDetail, .flat, "share", 0...1,
                    "and its content has detail in this share of its tiles (a panel turning another flat colour brings none)"),
            .double("slot_page_detail", \.classifier.slotPageDetail, .flat, "share", 0...1,
                    "and the step that showed it painted a page: this share of the frame's tiles had detail (a slot white since a blank page is the blank's)"),
            .double("slot_picture_detail", \.classifier.slotPictureDetail, .flat, "share", 0...1,
                    "a slot's content that fades in is a picture: this share of the slot not flat at least (a flat panel turning into a gradient has none)"),
            .double("slot_picture_ground", \.classifier.slotPictureGround, .flat, "share", 0...1,
                    "and at most this share of the slot flat in one colour (a card fading in over a flat panel: its white)"),
            .double("longest_blank_ms", \.classifier.longestBlankMs, .flat, "ms", 1...60000, flag: "--blank-max-ms",
                    "longest flat interval followed as a blank tile by tile; longer only as a page between cuts (below)"),
            .double("longest_cut_blank_ms", \.classifier.longestCutBlankMs, .flat, "ms", 0...600000,
                    "a flat page entered by a cut and left by a later one, nothing changing on it, is a blank up to this long (a slow page load's white); longer is a state of its own; below longest_blank_ms: off"),
            .double("long_blank_solid", \.classifier.longBlankSolid, .flat, "share", 0...1,
                    "and fills this share of its box (a splash screen's logo, a line of text, an empty state's icon leave 97-99.4%)"),
            .double("blank_fraction", \.classifier.blankFraction, .flat, "share", 0...1,
                    "a blank's fill covers this share of the frame"),
            .double("blank_rise", \.classifier.blankRise, .flat, "share", 0...1,
                    "and this much more of it than before and after (a white page is no blank)"),
            .double("blank_solid", \.classifier.blankSolid, .flat, "share", 0...1,
                    "and fills this share of the box it spans (sparse text on white is no blank)"),
            .double("blank_group_share", \.classifier.blankGroupShare, .flat, "share", 0...1,
                    "the tiles that turn into a blank are at least this share of the frame"),
            .double("blank_step_share", \.classifier.blankStepShare, .flat, "share", 0...1,
                    "a blank is entered and left in a step over at least this share of the frame"),
            .double("blank_contrast_factor", \.classifier.blankContrastFactor, .flat, "x fill_contrast", 0...100,
                    "a blank stands out from the pictures around it by this many times fill_contrast"),
            .double("blank_paint_factor", \.classifier.blankPaintFactor, .flat, "x longest_blank_ms", 0...100,
                    "a blank before a flat page of its colour lasts to its first paint, up to this long"),
            .double("blank_page_drop", \.classifier.blankPageDrop, .flat, "share", 0...1,
                    "and while that page covers the blank's share less at most this (a header painted with it is the first paint)"),
            .double("blank_same_page_share", \.classifier.blankSamePageShare, .flat, "share", 0...1,
                    "a flat page of nearly the blank's colour is the same blank while it covers the blank's share within this"),
            .int("flash_min_area_px", \.classifier.flashMinAreaPx, .flat, "px²", 1...100000000,
                    "the smallest placeholder: an image slot of 32x32 px"),
            .int("flash_min_side_px", \.classifier.flashMinSidePx, .flat, "px", 1...100000,
                    "and at least this wide and high (a scrollbar strip is no image slot)"),
            .double("hold_factor", \.classifier.holdFactor, .flat, "x state_tolerance", 0...1000,
                    "a placeholder's region holds still before it and its content after it, within this"),
            .double("flash_fill", \.classifier.flashFill, .flat, "share", 0...1,
                    "a placeholder fills this share of its box (an image slot is a rectangle)"),
            .double("edge_trim_fill", \.classifier.edgeTrimFill, .flat, "share", 0...1,
                    "rows and columns of a placeholder's box filled less than this are trimmed first"),
            .int("surround_px", \.classifier.surroundPx, .flat, "px", 1...100000,
                    "the surroundings whose drift is measured: this far around a placeholder's box"),
            .int("scale_ref_px", \.classifier.scaleRefPx, .flat, "px", 0...100000,
                    "hold_tiles and surround_px hold up to this shorter side; a larger frame scales them by its shorter side over this (0: never)"),
            .double("step_share", \.classifier.stepShare, .flat, "share", 0...1,
                    "this share of a fill's tiles arrive and leave in a visible step (not the encoder's refinement)"),
            .double("fill_contrast", \.classifier.fillContrast, .flat, "levels", 0...255,
                    "a placeholder or blank differs from what replaces it by this much (labelled films: 46-180)"),
            .double("surround_drift", \.classifier.surroundDrift, .flat, "levels", 0...255,
                    "the tiles around a placeholder drift at most this much while it shows (a scroll drifts far more)"),
            .double("content_stay_share", \.classifier.contentStayShare, .flat, "share", 0...1,
                    "a placeholder's content then stays: it moves at most this share of its step over the next pause"),
            .double("detail_std", \.classifier.detailStd, .board, "levels", 0...255,
                    "a tile has detail (text, an image) above this standard deviation"),
            .double("settle_ms", \.posture.settleMs, .posture, "ms", 0...3600000, flag: "--settle",
                    "how long after an event a finding is still its consequence"),
            .double("cover_ms", \.posture.coverMs, .posture, "ms", 0...60000, flag: "--cover-ms",
                    "how long the system's cover outlasts a fold, unfold or rotation"),
            .double("bar_tolerance", \.posture.inference.barTolerance, .posture, "levels", 0...255,
                    "bars around the content (its shape, a rotation's dark corners) are one colour within this"),
            .double("broad_share", \.posture.inference.broadShare, .posture, "share", 0...1,
                    "a frame changes broadly when this share of its tiles changed beyond the film's noise (system animations move most)"),
            .double("turn_share", \.posture.inference.turnShare, .posture, "share", 0...1,
                    "a rotation changes at least this share of a frame's tiles beyond the film's noise (of a window's, for a window on a flat desktop)"),
            .double("window_swap_share", \.posture.inference.windowSwapShare, .posture, "share", 0...1,
                    "a window boxed by one colour turned when its width and height swapped about its centre within this share"),
            .double("window_min_share", \.posture.inference.windowMinShare, .posture, "share", 0...1,
                    "and it covers this share of the frame before and after (smaller is no window; its turn changes half of it)"),
            .double("turn_corner_share", \.posture.inference.turnCornerShare, .posture, "share", 0...1,
                    "part way through a turn each side of the content's box is desktop or bars along this share, touched off its middle (a turned rectangle touches each at one point)"),
            .double("window_solid_share", \.posture.inference.windowSolidShare, .posture, "share", 0...1,
                    "and the window is a solid rectangle: this share of its box or more is not the desktop's colour"),
            .double("portrait_aspect", \.posture.inference.portraitAspect, .posture, "w/h", 0...100,
                    "content is portrait below this width-to-height ratio"),
            .double("landscape_aspect", \.posture.inference.landscapeAspect, .posture, "w/h", 0...100,
                    "and landscape above this one"),
            .double("rotation_min_ms", \.posture.inference.rotationMinMs, .posture, "ms", 0...60000,
                    "a rotation animation lasts at least this long (system rotations take 300-500 ms)"),
            .double("rotation_max_ms", \.posture.inference.rotationMaxMs, .posture, "ms", 0...60000,
                    "and at most this long (seconds of broad change are a scroll or a video)"),
            .double("dark_level", \.posture.inference.darkLevel, .posture, "levels", 0...255,
                    "a rotation's dark ground: corners darker than this"),
            .double("kept_brightness", \.posture.inference.keptBrightness, .posture, "share", 0...1,
                    "while the centre keeps this share of its brightness (a fade to black dims it)"),
            .double("black_ground", \.posture.inference.blackGround, .posture, "levels", 0...255,
                    "where the corners are dark before or after a turn, its ground must be near black: no channel above this"),
            .int("ground_edges", \.posture.inference.groundEdges, .posture, "edges", 0...4,
                    "and the picture on it reach the middle third of this many of the frame's edges"),
            .double("ground_min_share", \.posture.inference.groundMinShare, .posture, "share", 0...1,
                    "with the ground a flat fill over this share of the frame's tiles (not a shrinking page's rounded corners)"),
            .int("turn_ground_edges", \.posture.inference.turnGroundEdges, .posture, "edges", 0...4,
                    "a light app's turn on a dark ground: the picture reaches the middle third of this many of the frame's edges"),
            .double("turn_ground_share", \.posture.inference.turnGroundShare, .posture, "share", 0...1,
                    "at a frame where the ground is a flat fill over this share of the frame's tiles (not a shrinking page's ring)"),
            .int("turn_tilt_corners", \.posture.inference.turnTiltCorners, .posture, "corners", 0...4,
                    "and this many corners of the picture's box are the ground: the picture turned (an upright card or a flip fills more of them)"),
            .double("turn_tilt_rim", \.posture.inference.turnTiltRim, .posture, "share", 0...1,
                    "and this share of the tiles along its box's sides (a turned picture's triangles; rounded corners, a scrim, a cube leave less); a dark app's turn so on black counts at 2 edges"),
            .double("held_ms", \.posture.inference.heldMs, .posture, "ms", 0...60000,
                    "a gap this long between a VFR film's frames means the picture held"),
            .double("cover_min_detail", \.posture.inference.coverMinDetail, .posture, "share", 0...1,
                    "a blur cover needs a picture with detail in this share of its tiles"),
            .double("cover_drop_to", \.posture.inference.coverDropTo, .posture, "share", 0...1,
                    "it starts when that share falls below this share of it"),
            .double("cover_back_to", \.posture.inference.coverBackTo, .posture, "share", 0...1,
                    "and ends when it is back above this share"),
            .double("cover_max_mean_shift", \.posture.inference.coverMaxMeanShift, .posture, "levels", 0...255,
                    "while the tiles' means move by less than this a frame"),
            .double("cover_max_detail_left", \.posture.inference.coverMaxDetailLeft, .posture, "share", 0...1,
                    "at its deepest a cover leaves at most this share of the detail (a dialog keeps its own)"),
            .double("cover_max_shift", \.posture.inference.coverMaxShift, .posture, "levels", 0...255,
                    "and keeps the tiles this close to their colours (a fade to black does not)"),
            .double("cover_max_level_change", \.posture.inference.coverMaxLevelChange, .posture, "share", 0...1,
                    "and the picture's brightness within this share of it (a fade to black or white does not)"),
            .double("cover_min_change", \.posture.inference.coverMinChange, .posture, "levels", 0...255,
                    "it lifts on a picture this far from the one before (a dismissed dialog or a skeleton returns it)"),
            .double("cover_max_one_colour", \.posture.inference.coverMaxOneColour, .posture, "share", 0...1,
                    "at a cover's deepest frame one flat colour fills at most this share (a blur keeps colours apart; a blank fills the frame)"),
            .double("cover_max_unblurred", \.posture.inference.coverMaxUnblurred, .posture, "share", 0...1,
                    "and its tiles are a box blur of the picture before or after it, leaving at most this unexplained (a skeleton page is not)"),
            .double("cover_min_ms", \.posture.inference.coverMinMs, .posture, "ms", 0...600000,
                    "a cover lasts at least this long"),
            .double("cover_max_ms", \.posture.inference.coverMaxMs, .posture, "ms", 0...600000,
                    "and at most this long"),
            .double("cover_end_within_ms", \.posture.inference.coverEndWithinMs, .posture, "ms", 0...600000,
                    "the change that brings the detail back ends within this of the cover's start"),
            .double("screen_min_band", \.posture.inference.screenMinBand, .posture, "share", 0...1,
                    "a fold leaves a flat dark band along one side of at least this share of the frame"),
            .double("screen_max_opposite_band", \.posture.inference.screenMaxOppositeBand, .posture, "share", 0...1,
                    "with at most this share on the opposite side (letterbox bars are on two)"),
            .double("screen_min_change", \.posture.inference.screenMinChange, .posture, "share", 0...1,
                    "the screen's share moves by at least this (an outer display is 40-60% of the inner's width)"),
            .double("screen_hold_ms", \.posture.inference.screenHoldMs, .posture, "ms", 0...60000,
                    "and holds this long (a panel sweeping across is over sooner)"),
            .double("screen_refit_ms", \.posture.inference.screenRefitMs, .posture, "ms", 0...600000,
                    "an emulator scaling the small display back up within this is the same fold"),
            .double("screen_min_detail", \.posture.inference.screenMinDetail, .posture, "share", 0...1,
                    "a screen with detail in fewer of its tiles is none (a fade to black)"),
            .double("screen_edge_dark", \.posture.inference.screenEdgeDark, .posture, "share", 0...1,
                    "a band ends where a screen begins: at most this share of the line past it in the band's colour"),
            .double("screen_opposite_share", \.posture.inference.screenOppositeShare, .posture, "share", 0...1,
                    "the opposite side is dark too (content centred on a backdrop, no fold) where lines this share in the band's colour, flat or not, reach screen_max_opposite_band (up to two lines at the edge, a scrollbar, skipped)"),
            .double("screen_centred_share", \.posture.inference.screenCentredShare, .posture, "share", 0...1,
                    "and as far as this share of the band's width (content centred on a backdrop: its margins within a tile)"),
            .double("screen_settled_ms", \.posture.inference.screenSettledMs, .posture, "ms", 0...60000,
                    "a refit is over once the picture held this long"),
            .double("unfold_min_changed", \.posture.inference.unfoldMinChanged, .posture, "share", 0...1,
                    "after a refit fold, a run with a frame changing this share of the tiles that show something (not still flat dark) is the unfold"),
            .double("unfold_return_share", \.posture.inference.unfoldReturnShare, .posture, "share", 0...1,
                    "after a refit fold, a run ending on the picture before the fold in this share of the tiles the refit picture changed is the unfold; a fold filling the frame again onto it, in this share of the tiles it changed, is no refit but the unfold"),
            .double("refit_stretch_match", \.posture.inference.refitStretchMatch, .posture, "share", 0...1,
                    "...unless it shows this share of the small display's detailed tiles stretched over the frame: a refit"),
            .double("screen_band_level", \.posture.inference.screenBandLevel, .posture, "levels", 0...255,
                    "a fold's band: flat tiles of one colour darker than this (black, or an IDE's grey around the emulator)"),
            .double("fold_kept_match", \.posture.inference.foldKeptMatch, .posture, "share", 0...1,
                    "a screen that takes less of the frame while this share of its detailed tiles stays as it was, drawing no bars of its own, is no fold but a pane gone dark (and its return no unfold)"),
            .double("unfold_redrawn_return", \.posture.inference.unfoldRedrawnReturn, .posture, "share", 0...1,
                    "and a run redrawing the whole frame is the unfold only when it brings back this share of them, where they can be counted"),
            .double("unfold_return_min_tiles", \.posture.inference.unfoldReturnMinTiles, .posture, "share", 0...1,
                    "counted only where the refit picture differed from the one before the fold in this share of the tiles"),
            .double("status_bar_share", \.posture.inference.statusBarShare, .posture, "share", 0...1,
                    "and it redraws both ends of the status bar: this share of the frame's height at its top"),
            .double("span_lit_level", \.posture.inference.spanLitLevel, .posture, "levels", 0...255,
                    "a dual-screen capture's hinge is looked for on frames whose middle columns are this bright (median): not black"),
            .double("span_hinge_level", \.posture.inference.spanHingeLevel, .posture, "levels", 0...255,
                    "the hinge: a band of two tile lines in the middle of the frame at most this bright"),
            .double("span_hinge_contrast", \.posture.inference.spanHingeContrast, .posture, "levels", 0...255,
                    "and this much darker than the screens beside it"),
            .double("span_hinge_ratio", \.posture.inference.spanHingeRatio, .posture, "share", 0...1,
                    "or this share of the screens' level, where that is less (a tile at least half hinge beside a dark theme's screens)"),
            .double("span_hinge_share", \.posture.inference.spanHingeShare, .posture, "share", 0...1,
                    "in one place in this share of the lit frames (Surface Duo emulator 0.99, other captures 0.62 at most)"),
            .double("span_dark_level", \.posture.inference.spanDarkLevel, .posture, "levels", 0...255,
                    "a span's blackout: tiles darker than this"),
            .double("span_dark_share", \.posture.inference.spanDarkShare, .posture, "share", 0...1,
                    "over this share of each screen"),
            .double("span_black_ms", \.posture.inference.spanBlackMs, .posture, "ms", 0...60000,
                    "for at least this long (the emulator's: 670 ms)"),
            .double("span_drag_ms", \.posture.inference.spanDragMs, .posture, "ms", 0...60000,
                    "after at least this long of change before the screens first go black (the window dragged to the hinge: 1170 ms in the emulator)"),
            .double("span_gap_ms", \.posture.inference.spanGapMs, .posture, "ms", 0...60000,
                    "visible changes at most this far apart are one span animation"),
            .double("span_keep_levels", \.posture.inference.spanKeepLevels, .posture, "levels", 0...255,
                    "after it one screen is within this of where it began (the app's pane: 0.7)"),
            .double("span_change_levels", \.posture.inference.spanChangeLevels, .posture, "levels", 0...255,
                    "and the other at least this far (the launcher became the second pane: 56)"),
            .double("span_max_ms", \.posture.inference.spanMaxMs, .posture, "ms", 0...600000,
                    "a run of change longer than this is no span animation (the emulator's: 2080 ms)"),
            .double("stall_changed_share", \.hitches.stallChangedShare, .hitches, "share", 0...1,
                    "a repeated frame changes at most this share of the tiles a step of its animation changes"),
            .double("stall_step_share", \.hitches.stallStepShare, .hitches, "share", 0...1,
                    "and measures at most this share of the usual step (repeats measure 1-3% of one)"),
            .double("near_stall_step_share", \.hitches.nearStallStepShare, .hitches, "x usual step", 0...10,
                    "a near-repeat the encoder went on refining measures at most this multiple of the usual step"),
            .double("catch_up_step_share", \.hitches.catchUpStepShare, .hitches, "x usual step", 0...100,
                    "the step after near-repeats reaches this multiple of the usual one (skipped frames made up)"),
            .double("min_lost_periods", \.hitches.minLostPeriods, .hitches, "periods", 0...1000,
                    "time lost from which a still stretch is a hitch (one dropped frame loses one period)"),
            .int("steady_intervals", \.hitches.steadyIntervals, .hitches, "frames", 0...1000,
                    "frames moving a steady step on each side of a stall: a hitch interrupts a running animation"),
            .double("steady_step_share", \.hitches.steadyStepShare, .hitches, "share", 0...1,
                    "share of the running step that the steps around a stall must reach to be steady"),
            .int("rhythm_max_cycle", \.hitches.rhythmMaxCycle, .hitches, "intervals", 0...1000,
                    "longest cycle in which an animation's still times may repeat and be its own rhythm"),
            .double("rhythm_share", \.hitches.rhythmShare, .hitches, "share", 0...1,
                    "share of intervals that must repeat the one a cycle earlier for a rhythm"),
            .double("rhythm_tolerance_periods", \.hitches.rhythmTolerancePeriods, .hitches, "periods", 0...1000,
                    "two still times are the same beat when they differ by at most this"),
            .int("rhythm_min_pairs", \.hitches.rhythmMinPairs, .hitches, "intervals", 0...100000,
                    "fewest interval pairs over which a rhythm is claimed"),
            .int("cadence_max_cycle", \.hitches.cadenceMaxCycle, .hitches, "frames", 0...1000,
                    "longest cycle of a film-wide capture schedule (a GIF recorder's 100/20/20 ms)"),
            .double("cadence_share", \.hitches.cadenceShare, .hitches, "share", 0...1,
                    "share of frame durations that must repeat a cycle earlier for a capture schedule"),
            .int("cadence_min_frames", \.hitches.cadenceMinFrames, .hitches, "frames", 0...100000,
                    "fewest frames from which a capture schedule is claimed"),
            .double("vfr_share", \.hitches.vfrShare, .hitches, "share", 0...1,
                    "a film is VFR when more than this share of its frame durations are off the median"),
            .double("join_gap_ms", \.hitches.joinGapMs, .hitches, "ms", 0...60000,
                    "pieces of an animation this close are one animation a stall split"),
        ]
        return Detector.allCases.flatMap { d in table.filter { $0.detector == d } }
    }

    /// The README's table: key, flag, unit, default, range, reason, by detector.
    public static func markdownTable() -> String {
        var lines = ["| setting | flag | detector | unit | default | range | why |", "|---|---|---|---|---:|---|---|"]
        for s in all {
            let range = "\(JSON.format(s.range.lowerBound, decimals: 6))-\(JSON.format(s.range.upperBound, decimals: 6))"
            lines.append("| `\(s.key)` | \(s.flag.map { "`\($0)`" } ?? "") | \(s.detector.rawValue) | \(s.unit) | "
                         + "\(JSON.format(s.defaultValue, decimals: 6)) | \(range) | \(s.reason) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A setting given a value it cannot take (`--set`, a rules file's `analysis`): its key and why.
///
///     do { try AnalysisSetting.named("stable_ms")?.set(-1, in: &options) } catch let e as SettingError { print(e) }
public struct SettingError: Error, CustomStringConvertible {
    public var key: String
    public var cause: String
    public var description: String { "\(key): \(cause)" }
}
