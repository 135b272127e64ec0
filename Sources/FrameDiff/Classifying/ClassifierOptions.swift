/// Every threshold of the classifier, with its unit, default and reason.
///
/// Thresholds on change are relative to the film's own noise floor where one can be measured,
/// with a physical minimum below which a change is not visible; durations come from what users
/// perceive and from DESIGN.md's magnitudes.
///
///     var o = ClassifierOptions(); o.longestFlashMs = 400
public struct ClassifierOptions: Sendable, Equatable {
    // MARK: what counts as a change

    /// A tile changed when its mean colour shifts, or its RMSE to the previous frame rises, by more
    /// than this many times the film's noise floor of that measure (codec flicker, dither): 3x.
    public var noiseFactor: Double = 3
    /// ...and by at least this many levels of mean colour (any channel): H.264 at CRF 30 moves a
    /// 16x16 tile of text up to ~4.5 levels from frame to frame on a still screen.
    public var minTileShift: Double = 6
    /// ...or at least this 0-1 tile RMSE with an unchanged mean (new text of the same ink density):
    /// codec flicker on text reaches 0.06 at CRF 30.
    public var minTileRMSE: Double = 0.1

    // MARK: states and transitions

    /// Changes less than this many ms apart belong to one transition; a picture held this long is a
    /// stable state (ms). A state shown for less is not read as settled, and low-rate captures (a
    /// GIF at ~7 changes a second) hold frames for 100 ms inside one spring motion.
    public var stableMs: Double = 150
    /// ...but a picture held for this many frames in a row, and at least `pauseMinMs`, also ends a
    /// transition: a cut followed 80 ms later by a slide is two findings at 60 fps, while a GIF's
    /// one or two repeated frames inside a motion are not a pause.
    public var pauseFrames: Int = 4
    public var pauseMinMs: Double = 50
    /// ...unless the steps come at one slower cadence: gaps between them that are pauses, under
    /// `stableMs` and within this ratio of each other are an animation drawn at a lower rate than
    /// the film's (10 fps in a 60-fps capture), one transition.
    public var cadenceRatio: Double = 1.5
    /// ...and once the film has shown this many gaps under `stableMs` between visibly changing
    /// frames, their median is its drawn cadence: a pause at that cadence splits no transition of
    /// two steps either (`DrawnCadence`; a 10-fps drag in a 60-fps CFR capture was a cut and a
    /// motion where the GIF shows one motion). 0: no film cadence.
    public var cadenceMinSteps: Int = 8
    /// One frame changing no more than this many tiles, inside a hold of `stableMs` between two
    /// changes and `pauseMinMs` from either, does not break the hold: a cursor, an emulator's click
    /// ring or a caret changing one tile between a ripple whose highlight holds 170 ms and the
    /// crossfade after it does not make them one transition (Surface Duo emulator GIFs); so does
    /// a change inside a box of `holdTiles` + 1 tiles a side (the same cursor across a tile
    /// corner). 0: every changed tile keeps a transition going. Stated for a frame whose shorter
    /// side is at most `scaleRefPx`; a larger one scales it (`holdTiles(in:)`).
    public var holdTiles: Int = 1
    /// A blinker: `blinkBeats` or more frames, each no larger than `holdTiles` allows or a touch
    /// dot's patch (`pointerShare`: a caret three tiles tall in a phone-sized capture), at one place
    /// and each the next to change anything there, `stableMs` to `blinkMaxMs` apart at a steady
    /// beat (each gap within `cadenceRatio` of the one before), turning it on and off, one at
    /// least alone. At either end of a transition they are changes of their own: a caret blinking
    /// on 70 ms after the keyboard under it rests had ended the keyboard's motion 170 ms late.
    /// 0 or 1: no blinker.
    public var blinkBeats: Int = 3
    /// ...the longest gap between two beats: carets blink every 250-600 ms, and a gap over a
    /// second is a control toggled now and then.
    public var blinkMaxMs: Double = 1200
    /// ...and each beat turns its place back to the picture it showed before the beat before, to
    /// within this share of that beat's change (a caret off again; GIF dither leaves 0.1 of it).
    public var blinkReturnShare: Double = 0.25
    /// Two pictures show the same state when their tile means differ by less than this many levels
    /// (mean absolute difference over the tiles that change): smaller shifts are not visible, and a
    /// few flickering tiles do not move the mean.
    public var stateTolerance: Double = 0.25
    /// ...or by less than this share of the difference between the old and the new state (the
    /// second frame of an eased 300 ms crossfade at 90 fps is 1.35% of the way).
    public var stateShare: Double = 0.01
    /// A frame of an eased start (before the first change above the threshold) belongs to the
    /// transition when at least this share of its distance from the old state leads towards the
    /// new one: a placeholder pulsing before a cut leads nowhere.
    public var leadShare: Double = 0.5
    /// A motion rests only once no tile of its region changes by more than this 0-1 tile RMSE
    /// from one frame to the next (or the film's noise, when higher): an ease-out's last steps
    /// move an edge by a pixel, under the change threshold, while the region's mean has landed.
    public var restRMSE: Double = 0.03
    /// ...on tiles whose box spans at least this share of the region's width or height.
    public var restSpan: Double = 0.5
    /// ...with at least this many of them touching.
    public var restTiles: Int = 3
    /// ...after a motion whose last step was at most this share of its largest (an ease-out).
    public var restEase: Double = 0.5
    /// ...and for at most this share of the motion's duration up to where its mean landed.
    public var restTailShare: Double = 0.3
    /// A fade goes on past the picture `stableMs` after its last visible step over each next frame
    /// on which this share of its region's changing tiles, net of those going back, move on its way...
    public var fadeRestShare: Double = 0.5
    /// ...by this many levels or more.
    public var fadeRestLevels: Double = 1
    /// A fade whose last steps run on to the next change in its place resumes with it when the two
    /// together change the region by at most 1 + this share of the fade's own change.
    public var fadeResumeShare: Double = 0.5
    /// A transition's first frames that change only a patch at most this share of the frame's
    /// shorter side across are a pointer or a touch indicator (show-taps: 9% of a 360-px-wide
    /// phone)...
    public var pointerShare: Double = 0.15
    /// ...when the transition's region is at least this many times the patch: the app reacts on
    /// the first frame reaching beyond it.
    public var pointerFactor: Double = 4
    /// ...and when the app reacts at least this long after the patch first changed: touch dots on
    /// real captures lead by 60-130 ms, while a slide's or a wipe's first sliver grows past the
    /// patch within a frame or two (33 ms at 60 fps).
    public var pointerLeadMs: Double = 50
    /// ...and a dot that moves on before the app reacts (the finger's slop before a list scrolls)
    /// stays one while every place it has been fits a patch this share of the shorter side across.
    public var pointerDriftShare: Double = 0.3
    /// ...and a touch indicator is grey or white: a tile it lies on gains colour (chroma) by at most
    /// this share of its change (Owl's slightly blue-white dot: 0.2-0.26; an indigo chip or a red
    /// badge: 0.7-0.9), so a chip that shows before its row grows is the app's.
    public var pointerColourShare: Double = 0.5
    /// A tile moving at least this far in a frame (levels) steps towards a slow fade
    /// (`SlowFadeTracker`): a skeleton's pulse steps 1-3 levels, an eased crossfade's tail 0.6,
    /// while a still GIF's dither moves tiles by 0.01-0.2.
    public var slowFadeStep: Double = 0.5
    /// A slow fade's tile makes at least this many steps (real pulses and crossfades: 12-14; an
    /// encoder refining a low-rate film's first picture: 3)...
    public var slowFadeSteps: Int = 6
    /// ...and its steps add up to at most this many times where it ended (a fade moves one way;
    /// codec flicker and palette re-dither move back and forth).
    public var slowFadeWander: Double = 1.5
    /// A change in a strip along the frame's left or right side at most this share of its width
    /// wide (or one tile), four times as tall, is an overlay scroll indicator (Chrome's: 0.7-2.2%).
    public var scrollIndicatorShare: Double = 0.025
    /// A transition whose first changed frame is already within this share of the new state is a
    /// cut: after a cut the encoder refines the picture over a few frames by 1-2% of the change.
    public var cutShare: Double = 0.03
    /// A fade or motion that starts within `stableMs` of a change in the same place, and moves the
    /// picture by less than this share of that change (from state to state, and at its farthest
    /// on the way), is the encoder refining the new picture (CRF 34 refines a blank's end by 5%
    /// of it over 300 ms).
    public var encoderSettleShare: Double = 0.1
    /// A frame is a blend of the old and new state when what the blend does not explain is at most
    /// this share of the difference between the states.
    public var fadeResidual: Double = 0.2
    /// ...and a blend through a ground (α·old + β·new + (1−α−β)·ground, the pages' opacities
    /// summing under 1 halfway) when what it leaves is at most this.
    public var groundFadeResidual: Double = 0.1
    /// Levels the ground's share of such a frame may stray outside 0-255, and the frames' readings
    /// of the ground colour from one another (in the picture's levels).
    public var groundMargin: Double = 4
    /// A fade's blend weight may step back by this much from frame to frame (rounding, codec), and
    /// lie this far outside 0-1 (an eased curve overshooting by a level).
    public var fadeSlack: Double = 0.1
    /// A frame whose RMSE over the transition's region is at least `jumpRatio` times that of the
    /// frames next to it, and at least `jumpRMSE`, is a cut of its own inside a run of changes: in a
    /// fade or a slide the steps from frame to frame are of one size, a cut is one step far larger.
    public var jumpRatio: Double = 4
    public var jumpRMSE: Double = 0.05
    /// A jump in one place beside a change that goes on through it, over at least this share of
    /// the same tiles before and after (of the fewer), is a cut of its own place, and the change
    /// beside it one transition (a pane swapping its page while the other pane's ripple spreads
    /// and fades).
    public var jumpApartShare: Double = 0.75
    /// Two pieces judged alike (same kind, one inside the other) are one finding when they overlap
    /// in time by at least this share of the shorter (a slow fade's faint corners cross the
    /// threshold later and leave it sooner than its middle).
    public var pieceOverlap: Double = 0.5
    /// Changes in places more than one tile apart are separate transitions unless the frames they
    /// change over overlap by at least this share of their union (cards of one page changing at
    /// once are one cut, the parts of a crossfade one fade; a clock ticking once while a panel
    /// slides is not part of the slide).
    public var togetherShare: Double = 0.5
    /// A motion that begins as another comes to rest continues it (a drag crossing from one screen
    /// to the other) only when their tile boxes lie closer than this many pixels (rounded up to
    /// whole tiles): a phone mock-up beside another, 185 px away, is another screen with events of
    /// its own. A Surface Duo drag crosses 64-128 px between its pieces.
    public var chainReachPx: Int = 128
    /// A transition whose region moved by less than this many shift thresholds on average, over a
    /// single tile, is codec flicker rather than a change of the UI.
    public var singleTileExcursion: Double = 3
    /// ...unless a tile's RMSE went this many times past the tile threshold: a clock's digit
    /// changes its tile's pixels far more than codec flicker does while its mean barely moves.
    public var sharpFactor: Double = 2
    /// A cut's one step carries at least this share of its region's change: a change under about
    /// twice the state tolerance that crept from one state to the other (a progress bar judged
    /// over a page's region) lands within the tolerance of both on one frame without a step. 0: any.
    public var cutStepShare: Double = 0.5
    /// While nothing happens the window keeps this many times `stableMs` of recent frames (the
    /// eased start of a slow crossfade may already be under way).
    public var idleKeepFactor: Double = 2
    /// Continuous change longer than this is cut into pieces so memory stays bounded (ms).
    public var maxTransitionMs: Double = 4_000
    /// ...or of more frames than this (a window frame holds 13 bytes a 16x16 tile).
    public var maxTransitionFrames: Int = 240

    // MARK: regions that never stop changing

    /// A tile that keeps changing (no pause of `stableMs`) for this long is a busy region — a
    /// counter, a spinner, a progress bar, a playing video (ms). It is its own motion finding and
    /// takes no part in the transitions around it. Longer than any system animation (springs and
    /// flings settle within ~1 s).
    public var busyMs: Double = 1_500
    /// A tile belongs to a busy region's extent when it changed in at least this share of the
    /// region's frames (a counter's tens digit: one in ten); a tile the region touched only at the
    /// cuts beside it is left out (0-1).
    public var busyOwnShare: Double = 0.08
    /// Tiles starting to change together, of at most this many pixels in all, join the busy
    /// lineage beside them (the front of a progress bar, the next digit of a counter: 16 tiles of
    /// 16x16); a larger patch is a change of its own (px²).
    public var busyJoinAreaPx: Int = 4096
    /// A busy region whose own tiles cover this share of the frame, begun `stableMs` or more after
    /// the film's first frame, is a moving page (a long scroll or fling): the cuts, fades and motions on its
    /// tiles while it runs are its pieces (`BroadBusy`). Counters, spinners and progress bars
    /// cover under 1%.
    public var busyBroadShare: Double = 0.25
    /// ...a finding is such a page's piece when this share of its box lies on the page's own tiles
    /// (a card holding still in an animated background lies on none of them).
    public var busyPieceShare: Double = 0.5

    // MARK: flat fills: placeholders and blanks

    /// A tile is flat (a fill, a placeholder) when its pixels' standard deviation is at most this
    /// many levels of 255: codec noise on a fill stays below 2.5; text or an image is far above.
    public var flatStd: Double = 2.5
    /// A tile stays in its fill while its standard deviation is below this many times `flatStd`, so
    /// grain and codec noise on a placeholder do not break it into pieces.
    public var flatStayFactor: Double = 1.5
    /// A fill keeps its colour while its mean stays within this many levels (codec noise moves a
    /// fill's mean by under one level).
    public var colourTolerance: Double = 3
    /// A placeholder is one colour: every tile within this many levels of the region's colour (a
    /// gradient or a photo's sky chains from tile to tile but spans far more).
    public var uniformTolerance: Double = 6
    /// The longest flat interval reported as a flash (ms): placeholders in app transitions last
    /// 40-120 ms, image slots in a page load stay empty for 200-350 ms after the first paint.
    public var longestFlashMs: Double = 400
    /// A slot that a visible step made flat and a cut later filled with content, held longer than
    /// `longestFlashMs` and up to this long (ms), is one placeholder flash from the first step to
    /// the cut (`SlotFlashes`): a page's image slots stay empty for 1.3 s on a slow load.
    public var longestSlotMs: Double = 3000
    /// ...when the slot is at least this share of the frame's tiles (a word typed into an empty
    /// field is no image slot) and at least half of the cut.
    public var slotMinShare: Double = 0.01
    /// ...and at most this share: a slot is a part of a page (the lemons slots 3.5% and 10%; a
    /// feed's square photo on a phone 45%), where the white of a page of a few text lines is 60%.
    public var slotMaxShare: Double = 0.5
    /// ...and it is a solid rectangle, filling this share of its box (the lemons slots 89% and
    /// 100%, a label over one's corner; the white between a page's text lines 62%).
    public var slotFill: Double = 0.75
    /// ...at most this many times as long as wide (the lemons slots 1.4-2.2, a desktop 4:1 hero
    /// image 4.06 in tiles; text fields 6-16).
    public var slotMaxAspect: Double = 4.5
    /// ...and a box of its own: the flat area of its colour it lies in, in the picture before the
    /// content came, is at most this many times the slot (bordered card slots 1.0-1.4; a chat's
    /// background where a bubble lands 3-15, the white below a grid where the next row lands 2.5,
    /// under a dialog 2.3; the lemons strip's first two slots join the white card: 2.5-3.3, left
    /// as two cuts).
    public var slotGround: Double = 1.5
    /// ...and its content has detail in at least this share of its tiles: a photo fills its slot
    /// (WebPageTest's lemons: 58% and 95%, the first photo's white background flat), where a page's
    /// text painted over a flat page leaves most tiles flat (28%).
    public var slotDetail: Double = 0.5
    /// ...and the step that showed the slot painted a page around it: this share of the frame's
    /// tiles had detail then. The lemons page's slots began with 19-44% of the tiles detailed (its
    /// copies at 50-200% size and in other tones), white pages and flat pages before a paint with
    /// 4-9% (the browser's bars).
    public var slotPageDetail: Double = 0.15
    /// A slot's content that fades in is a picture: this share of the slot's tiles not flat at
    /// least (over `flatStd`: the desktop hero photos 33%, a photo with a smooth sky 29%; a flat
    /// panel turning into a gradient or a brand colour ramp 0-5%)...
    public var slotPictureDetail: Double = 0.2
    /// ...and no flat ground of its own: at most this share of the slot's tiles flat in one colour
    /// (photos 0-15%, the hero photos' orange plateau 25-30%, a product on white 33%; a white
    /// newsletter card fading in over a flat panel 42-47%).
    public var slotPictureGround: Double = 0.4
    /// The longest flat interval followed as a blank, tile by tile (ms); a longer one is a blank only
    /// as a page entered and left by cuts (`longestCutBlankMs`).
    public var longestBlankMs: Double = 1000
    /// A flat page entered by a cut and left by the next, with nothing changing on it between, is a
    /// blank up to this long (ms): a slow page load's white (1-3 s) is the defect itself, and two
    /// cuts hid it from a gate's blank rules. Longer is a state of its own.
    public var longestCutBlankMs: Double = 3000
    /// ...and such a page has nothing inside it: it fills at least this share of its box (edges
    /// trimmed). A splash screen's 48-64 dp logo fills 98.5-99.4% of it, one line of text
    /// 98.7-99.4%, an app's empty state 97-98%, a dialog on a white scrim 90%, at 360-1440 px
    /// wide (tiles are 16 px, so the same layout fills more of a larger frame); a desktop page
    /// load's white 99.96% (a pointer on it), an Android browser's 97.9-99.4% (the address bar's
    /// icons inside the box: left to the 1-s rule). A shorter blank needs `blankSolid`.
    public var longBlankSolid: Double = 0.999
    /// Share of the frame that one fill must cover for a blank (0-1).
    public var blankFraction: Double = 0.6
    /// ...and by at least this much more than before and after it (0-1): a page with a white
    /// background is not a blank for being mostly white.
    public var blankRise: Double = 0.2
    /// ...and fill at least this share of the box it spans (0-1): a blank page is flat throughout
    /// (bars along its edges lie outside the box), a page of sparse text on a white background has
    /// a detailed tile in every line.
    public var blankSolid: Double = 0.9
    /// The tiles that turn into a blank page are at least this share of the frame (a smaller
    /// group of fills is judged as a placeholder only). (This and `blankStepShare` are a quarter and
    /// a half of the default `blankRise`, but do not follow it when it is changed.)
    public var blankGroupShare: Double = 0.05
    /// A blank is entered and left in a step, a change over at least this share of the frame,
    /// and so is the first paint that ends a flat page following it (0-1).
    public var blankStepShare: Double = 0.1
    /// ...and stands out from the pictures around it by this many times `fillContrast`.
    public var blankContrastFactor: Double = 2
    /// A blank followed by a flat page of its colour lasts until that page's first paint, up to
    /// this many times `longestBlankMs` from its start.
    public var blankPaintFactor: Double = 2
    /// ...and while that page covers the blank's share of the frame less at most this (0-1): the
    /// white turning light grey under the browser's chrome leaves 0.2-0.7% uncovered, a header
    /// painted onto the grey page with it 7-8% (that is the first paint).
    public var blankPageDrop: Double = 0.04
    /// A flat page within the fill tolerance of the blank's colour (white giving way to #FAFAFA)
    /// is the same blank while it covers the blank's share of the frame within this (0-1), more or
    /// less: the darker copies' two pages differ by 0.06-0.7%; a search page 87% white before a
    /// blank 90% white is a page of its own.
    public var blankSamePageShare: Double = 0.01
    /// The smallest placeholder's area (px²): an image slot of 32x32 pixels, 2x2 tiles of 16x16.
    public var flashMinAreaPx: Int = 1024
    /// ...and at least this many pixels wide and high, counting the partial tiles at the frame's
    /// edges at their real size: a strip narrower than a 32x32 slot (an edge, a line, a scrollbar
    /// over a flat header) is no image slot, whatever tiles it touches.
    public var flashMinSidePx: Int = 32
    /// A placeholder's region holds still before it and its content stays after it within this many
    /// `stateTolerance`s (or `contentStayShare` of its contrast, when larger).
    public var holdFactor: Double = 4
    /// `holdFactor` in levels: how far a picture that holds still may move (a placeholder's region
    /// before it, its content after it, the surroundings of slots filled on one frame).
    var heldTolerance: Double { stateTolerance * holdFactor }
    /// A placeholder fills at least this share of its bounding box (an image slot is a rectangle;
    /// a sparse scatter of flat tiles is smooth content).
    public var flashFill: Double = 0.5
    /// Rows and columns along a placeholder's box that its tiles fill less than this share of are
    /// trimmed before its fill is measured (a toolbar of the same colour around its icons).
    public var edgeTrimFill: Double = 0.5
    /// The surroundings of a placeholder whose drift is measured: this many pixels around its box
    /// (3 tiles of 16; two tiles at the least), less the tile next to it (which its content may
    /// spill into). Stated for a frame whose shorter side is at most `scaleRefPx`; a larger one
    /// scales it (`surroundPx(in:)`).
    public var surroundPx: Int = 48
    /// The shorter side (px) up to which `holdTiles` and `surroundPx` apply as stated; a frame with
    /// a larger one scales them by its shorter side over this (rounded; 0: never scaled). They were
    /// read off GIFs 183-720 px across, while the same UI captured at 1080-2200 px is 1.5-3 times as
    /// many pixels: a cursor or an emulator's click ring in a double-size copy of
    /// `duo_sdk_twopane_nav_span.gif` (1150 px) changes more than a 2x2-tile box (within 3x3)
    /// and joined the tap's ripple to its crossfade (3670-4250), and the wider surroundings drop
    /// three invented flashes of the double-size copies (aftonbladet 5698, dragdrop 1700) and one
    /// of `s75`, `cfr60`. Real captures 0.851 unchanged (their 1080-2200-px films' findings the
    /// same; two flashes' `surround_drift` evidence moves); double-size copies 0.662 -> 0.697, s75 0.775 -> 0.780, 60 fps 0.685 ->
    /// 0.689, the other copies unchanged. `flashMinAreaPx`/`flashMinSidePx` are not scaled: at 1.5
    /// times they lost `web_wpt_lemons_android.mp4`'s one-frame search button (1522.5 ms), nor is
    /// `chainReachPx`: at 256 px the double-size span joined its pane's ripple (11830 ms) to the
    /// pointer's drag across the hinge (unlabelled) and lost it.
    public var scaleRefPx: Int = 720
    /// Share of a fill's tiles that must arrive and leave in a visible step (a change above the
    /// tile threshold): the encoder's refinement of smooth content after a cut adds texture in
    /// small steps and leaves the colour where it was.
    public var stepShare: Double = 0.5
    /// A placeholder or a blank stands out from what replaces it: its tiles differ from it by at
    /// least this many levels on average (most different channel). Content arriving into grey,
    /// dark and black boxes differs by 46-180 levels in the labelled films; the smooth patches of a
    /// blur cover settling by 6-10. (What it replaced may be close: a pale slot on a white page.)
    public var fillContrast: Double = 8
    /// The tiles around a placeholder may drift by at most this many levels on average while it
    /// shows (codec refinement after a cut moves them by a level or two; a blur cover settling, a
    /// fade or a scroll far more).
    public var surroundDrift: Double = 3
    /// The content that replaces a placeholder stays: over the next pause it moves by at most this
    /// share of its step out of the fill (a crossfade through a flat colour goes on moving).
    public var contentStayShare: Double = 0.1

    // MARK: the tile board

    /// A tile has detail (text, an image) above this standard deviation of its pixels (levels).
    public var detailStd: Double = 8

    public init() {}

    /// `flatStd` and `detailStd` as variances, which the tile statistics carry (no square root a tile).
    var flatVariance: Float { Float(flatStd * flatStd) }
    var detailVariance: Float { Float(detailStd * detailStd) }

    /// The thresholds stated in pixels, in tiles of side `tile`, so that they keep their meaning
    /// whatever the tile size: the fewest tiles covering at least `pixels` px² (a smallest size)...
    static func tiles(atLeast pixels: Int, tile: Int) -> Int {
        let unit = max(1, tile * tile)
        return max(1, (pixels + unit - 1) / unit)
    }

    /// ...the most tiles within `pixels` px² (a largest size; 0 when not one fits)...
    static func tiles(atMost pixels: Int, tile: Int) -> Int { pixels / max(1, tile * tile) }

    /// ...and the tiles a ring of `pixels` px around a box spans: at least two, since the ring
    /// leaves out the tile next to the box.
    static func ringTiles(_ pixels: Int, tile: Int) -> Int { max(2, (pixels + tile - 1) / max(1, tile)) }

    /// How many times `scaleRefPx` the frame's shorter side is, at least 1.
    func sizeScale(_ grid: TileGrid) -> Double {
        guard scaleRefPx > 0 else { return 1 }
        return max(1, Double(min(grid.storedWidth, grid.storedHeight)) / Double(scaleRefPx))
    }

    /// `holdTiles` at this frame's size (0 stays 0).
    func holdTiles(in grid: TileGrid) -> Int {
        holdTiles == 0 ? 0 : max(holdTiles, Int((Double(holdTiles) * sizeScale(grid)).rounded()))
    }

    /// `surroundPx` at this frame's size.
    func surroundPx(in grid: TileGrid) -> Int { max(surroundPx, Int((Double(surroundPx) * sizeScale(grid)).rounded())) }

    /// ...and the tiles a reach of `pixels` px spans, rounded up.
    static func reachTiles(_ pixels: Int, tile: Int) -> Int { (pixels + max(1, tile) - 1) / max(1, tile) }

    /// Whether `box` is a pointer's or a touch dot's patch: at most `pointerShare` of the frame's
    /// shorter side across (TransitionJudge within a transition, TransitionDetector across two).
    func fitsPointer(_ box: TileBox, in grid: TileGrid) -> Bool { box.fits(pointerShare, of: grid) }

    /// ...and whether every place a moving dot has been, `box`, is near enough where it landed.
    func fitsPointerDrift(_ box: TileBox, in grid: TileGrid) -> Bool { box.fits(pointerDriftShare, of: grid) }

    /// ...and whether what changed `tiles` from `old` to `new` coloured one of them, more than a
    /// grey or white touch indicator does: its chroma gained more than `pointerColourShare` of its
    /// change, and more than twice `shift`, the film's change threshold. Chroma is the difference
    /// of two channel means, each of which may move by up to the threshold without counting as a
    /// change, so a gain within twice it is no visible colouring (Owl's blue-white dot tints the
    /// tile under its faint edge over white by 6.6 levels in the double-size copy, against a
    /// threshold of 6). Tiles are not summed: a badge half over a blue bar and half over white
    /// takes colour from one tile and gives it to the other.
    func bringsColour(_ tiles: [Int], in new: Thumbnail, over old: Thumbnail, shift: Float) -> Bool {
        tiles.contains { t in
            let gain = chroma(new.mean(t)) - chroma(old.mean(t))
            return gain > 2 * shift && Double(gain) > pointerColourShare * Double(maxAbs(new.mean(t) - old.mean(t)))
        }
    }

    /// ...and whether a change over `region` tiles, `leadMs` after that patch first changed, is
    /// the app reacting to it: `pointerFactor` times the patch or more, `pointerLeadMs` or later.
    func reactsToPointer(_ patch: TileBox, region: Int, leadMs: Double) -> Bool {
        leadMs >= pointerLeadMs && Double(region) >= pointerFactor * Double(patch.width * patch.height)
    }

    /// How long a picture held still is a pause, for a film of frame period `periodMs`.
    func pauseMs(periodMs: Double) -> Double { min(stableMs, max(pauseMinMs, Double(pauseFrames) * periodMs)) }
}
