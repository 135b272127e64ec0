/// How posture events are seen in a film when none are given: the thresholds of the blur-cover,
/// rotation, screen-area and span trackers (`CoverTracker`, `RotationTracker`, `ScreenAreaTracker`,
/// `SpanTracker`),
/// apart from the classifier's. Each
/// says its unit and why.
///
///     var o = PostureInferenceOptions(); o.coverMaxMs = 3_000
public struct PostureInferenceOptions: Sendable {
    /// Uniform bars around the content (that give its shape, and a rotation's dark corners) are
    /// one colour within this many levels: the classifier's `uniformTolerance` for placeholders.
    public var barTolerance: Double = 6
    /// A frame changes broadly when at least this share of its tiles changed beyond the film's
    /// noise or by the change threshold (any pixel would make grain turn every frame): the
    /// system's animations move most of the screen, a blinking caret or a clock a tile or two.
    public var broadShare: Double = 0.05
    /// A rotation changes at least this share of the tiles in a frame (of a window's, for a
    /// window on a flat desktop): a turn moves everything.
    public var turnShare: Double = 0.5
    /// A window boxed by one flat colour (a simulator's on a desktop) turned when its width and
    /// height swapped about its centre within this share of its longer side (a bezel drawn a tile
    /// wider one way: 0.1 of a 32-tile window is 4 tiles).
    public var windowSwapShare: Double = 0.1
    /// ...and it covers at least this share of the frame before and after (a capture region
    /// holding a 300x650 window either way: 0.46).
    public var windowMinShare: Double = 0.2
    /// ...and part way through its turn, every side of its box inside the frame is desktop (or
    /// bars) along at least this share, the content touching two opposite sides off their middles
    /// and on either side of them: a rectangle turned part way touches each side of its bounding
    /// box at one point (0.83-0.97 measured); crossfades, zooms and shared-axis transitions fill
    /// the sides (0.24-0.33) or touch their middles. A content shape turning inside bars needs it
    /// too, when the turn is not on a dark ground.
    public var turnCornerShare: Double = 0.75
    /// ...and the window is a solid rectangle before and after: at most 1 - this share of its box
    /// is of the desktop's colour (a dialog's text on a page of the dialog's own colour is
    /// mostly page).
    public var windowSolidShare: Double = 0.9
    /// Content is portrait below this width-to-height ratio and landscape above `landscapeAspect`;
    /// square-ish between (neither can be said to have turned).
    public var portraitAspect: Double = 0.9
    public var landscapeAspect: Double = 1.1
    /// A rotation animation lasts at least and at most this long (ms): system rotations take
    /// 300-500 ms, a run of broad change of several seconds is a page scrolling or a video.
    public var rotationMinMs: Double = 100
    public var rotationMaxMs: Double = 1_500
    /// A rotation's dark ground: corners darker than this level (every channel, 0-255), all four of
    /// one colour (within `barTolerance`), while the centre keeps at least `keptBrightness` of its
    /// brightness (a fade to black dims the centre).
    public var darkLevel: Double = 48
    public var keptBrightness: Double = 0.6
    /// A dark app's corners are dark before or after a turn: there the ground shows the turn
    /// only where it is near black (every channel at most this level) and darker than the corners
    /// before and after it by more than `barTolerance`, and the picture reaches the middle third
    /// of at least `groundEdges` of the frame's four edges at that frame. A framebuffer turning on
    /// black: ground 0, four edges; a fade dims the app's grey bars to 7-25 levels with the
    /// centre, a page shrinking about its centre (predictive back, a zoom, recents, a dialog on a
    /// black scrim) leaves a black ring reaching at most one edge.
    public var blackGround: Double = 8
    public var groundEdges: Int = 3
    /// ...with the ground a flat fill over at least this share of the frame's tiles: a turning
    /// picture leaves black triangles along the edges (3-50% of the frame on true turns' frames,
    /// 9-19% at their broadest), while predictive back shrinking a dark page to 0.99 with the
    /// display's rounded corners blacks out 0.6% and its one-tile ring reaches all four edges.
    public var groundMinShare: Double = 0.02
    /// A light app's corners are not dark before and after a turn: its dark ground shows the turn
    /// where, at some frame, the picture reaches the middle third of at least `turnGroundEdges` of
    /// the frame's edges with the ground a flat fill over `turnGroundShare` of its tiles. A
    /// turning picture that fills the frame, or shrinks a little mid-turn, reaches 2-4 edges and
    /// leaves dark triangles (true turns' broadest frames: 16-54%, 8.8% for a return turn caught
    /// at two frames of a 5-fps GIF); a page shrinking about its centre (predictive back, an
    /// unlock) leaves a ring that reaches no edge, or touches two with its rounded corners only
    /// (2.6%). A picture scaled to fit inside the frame all through its turn touches the edges at
    /// its corners only and is missed (README).
    public var turnGroundEdges: Int = 2
    public var turnGroundShare: Double = 0.05
    /// ...and at that frame the picture is turned: at least this many corners of its box (what is
    /// not the ground) are the ground. A turned rectangle touches each side of its box at one point
    /// (true light turns: 4 of 4 at such a frame, on all 150 review films and the rotation films);
    /// an upright card (an app switcher, a slide, predictive back) fills its box's corners (0-1)
    /// and a card flipping about an axis leaves the two of its far edge (2).
    public var turnTiltCorners: Int = 3
    /// ...and at least this share of the tiles along its box's sides are the ground: a turned
    /// rectangle leaves a triangle at each corner, along most of each side (true turns at such
    /// frames, the most of a run: 0.34-0.61, 0.34 a 5-fps GIF's single frame); a page shrinking
    /// with the display's rounded corners leaves a tile or two (predictive back, unlock, a slide:
    /// 0.04-0.10), predictive back over a scrimmed feed 0.19-0.29, a cube between photos 0.23. With
    /// it, a dark app's picture that shrinks a little as it turns (iOS) and reaches 2 of the
    /// frame's edges, not `groundEdges`, shows its turn on black too, where the app's dark
    /// corners are there before and after it (a photo landing tilted after a dark title card
    /// fills them with itself).
    public var turnTiltRim: Double = 0.3
    /// A gap this long between frames of a change-driven VFR film means the picture held (ms).
    public var heldMs: Double = 150
    /// A blur cover needs a picture with detail in at least this share of its tiles, starts when
    /// that share falls below `coverDropTo` of it with the tiles' mean colours moving by under
    /// `coverMaxMeanShift` levels a frame, and ends when the share is back above `coverBackTo`.
    public var coverMinDetail: Double = 0.15
    /// ...and at its deepest frame one flat colour fills at most this share of the frame (0-1): a
    /// blur keeps the picture's colours apart (6-40% on the folds), a blank page or a dip through
    /// one colour fills 87-100% (a blank's own `blankFraction` is 0.6).
    public var coverMaxOneColour: Double = 0.6
    /// ...and its tiles are the picture before it (or the one it lifts on), blurred: regressed on
    /// a 3x3- or 5x5-tile box blur of it, scaled by 0.8-1.5 (a zooming snapshot), they leave at
    /// most this unexplained (sqrt(1 − R²), the worst channel): the fold covers of the samples,
    /// hard films and ../shared/accuracy and their dimmed, darkened and negated copies 0.12-0.24,
    /// a review's 19 fold covers (blur sigma 32-64 px, scrims, zooms of 0.9-1.4, shifts of
    /// 24-60 px, crossfades of the old layout's blur into the new's) 0.12-0.65; skeleton pages
    /// 0.86-0.99, a low-detail onboarding page 0.99, a frosted sheet over 85% of the screen 0.75.
    public var coverMaxUnblurred: Double = 0.7
    public var coverDropTo: Double = 0.5
    public var coverBackTo: Double = 0.7
    public var coverMaxMeanShift: Double = 12
    /// At its deepest frame a system cover leaves at most this share of the detail (a dialog over
    /// a blurred backdrop keeps its own), and keeps the tiles within this many levels of their
    /// colours (a fade to black or a new page does not).
    public var coverMaxDetailLeft: Double = 0.25
    public var coverMaxShift: Double = 100
    /// A cover keeps the picture's brightness within this share at its deepest frame (a fade to
    /// black or white does not), and lifts on a picture at least `coverMinChange` levels from the
    /// one before it (the app's new layout; a dismissed dialog or a skeleton returns the old one).
    public var coverMaxLevelChange: Double = 0.35
    public var coverMinChange: Double = 10
    /// Covers last from `coverMinMs` to `coverMaxMs` (ms); the change that brings the detail back
    /// ends the cover within `coverEndWithinMs` of its start (a page that keeps moving does not
    /// hold it). (A duration: an event's `coverEndMs` is a time.)
    public var coverMinMs: Double = 100
    public var coverMaxMs: Double = 5_000
    public var coverEndWithinMs: Double = 1_000
    /// The screen inside a fixed frame (`ScreenAreaTracker`): a flat dark band along one whole
    /// side of at least `screenMinBand` of the frame, with at most `screenMaxOppositeBand` on the
    /// side opposite (letterbox bars are on two), leaves the screen's share; a move of at least
    /// `screenMinChange` (the outer display of a foldable is 40-60% of the inner one's width) held
    /// `screenHoldMs` (a panel sweeping across is over in less) is the other display; a screen
    /// with detail in under `screenMinDetail` of its tiles is none (a fade to black). An emulator
    /// that scales the small display back up within `screenRefitMs` is the same fold, over once
    /// the picture held `screenSettledMs`.
    public var screenMinBand: Double = 0.25
    public var screenMaxOppositeBand: Double = 0.1
    public var screenMinChange: Double = 0.25
    public var screenHoldMs: Double = 300
    public var screenRefitMs: Double = 3_000
    /// A screen beside a band keeps detail in at least this share of its tiles (0-1): a dark
    /// app's sparse layout with no GIF dither keeps text in 3-5% of them (the fold film at three
    /// quarters of its size, 4.3%); a fade to black keeps none once it is dark.
    public var screenMinDetail: Double = 0.02
    /// ...and a band ends where a screen begins: at most this share of the line of tiles past it
    /// may still be flat in the band's colour (a pointer over a page still blank and dark stops a
    /// band of no screen).
    public var screenEdgeDark: Double = 0.5
    /// The side opposite such a band is dark too (no fold: content centred on a page's backdrop)
    /// where lines of tiles in the band's colour (within `barTolerance`, flat or not), each at
    /// least `screenOppositeShare` of its tiles (a viewer's toolbar over a corner leaves the rest),
    /// counted from the frame's edge or from one of the two lines next to it (a page's scrollbar,
    /// narrower than a tile, may lie across two), reach `screenMaxOppositeBand` of the frame and
    /// `screenCentredShare` of the band's width. A desktop browser's lightbox, photo viewer or
    /// phone mock-up centred on a dark backdrop read as a fold on 8 of 51 recordings (a helper's
    /// review, 7 December): their two margins are within a tile of each other. A fold's small
    /// display reaches the frame's other edge; a dark app's page in the band's grey (fold-span
    /// F13: 4 levels from it) leaves a margin of 8 tile lines beside a band of 17.
    public var screenOppositeShare: Double = 0.9
    public var screenCentredShare: Double = 0.75
    public var screenSettledMs: Double = 150
    /// A fold whose small display the emulator scaled back up to fill the frame shows no band
    /// when the phone unfolds: the next run of changes in which one frame changes at least this
    /// share of the tiles (the unfold redraws everything, system bars included: all of them in
    /// the emulator's crossfade) is the unfold, when `broadShare` of the tiles changed visibly
    /// (past the classifier's change threshold: a GIF's palette re-dither moves every tile by 1-4
    /// levels, under it).
    public var unfoldMinChanged: Double = 0.9
    /// An unfold brings the inner display's layout back: after a refit fold, a run ending on the
    /// picture before the fold in at least this share of the tiles where the refit picture
    /// differed from it (by the classifier's change threshold) is the unfold, however little of
    /// the frame it changed (a sparse layout's crossfade in an H.264 capture changes 15-50% of the
    /// tiles; the emulator's own unfold brought back 100% of them, a review's unfolds after a new
    /// message or a scroll of a row 92-93%, of a quarter row 84-86%). And a fold that fills the
    /// frame again within `screenRefitMs` onto the picture before it, in this share of the tiles
    /// it changed, grew back (an unfold), unless that is a stretch (`refitStretchMatch`).
    public var unfoldReturnShare: Double = 0.9
    /// ...a refit stretches what the small display showed over the whole frame: the filled
    /// picture shows this share of the small display's detailed tiles stretched (within the
    /// change threshold) in a refit, whatever it shows (the real refit 98%, photos stretched to
    /// fit and refits before the app's new layout, which bring the picture before the fold back,
    /// 90-100%), where the inner display laid out anew does not (a review's unfolds 37-46%).
    public var refitStretchMatch: Double = 0.85
    /// A display that took a smaller share of the frame while what it shows stayed as it was, in
    /// at least this share of its detailed tiles (within the change threshold), with no system
    /// bars of its own drawn, is no fold: one pane of a two-pane app went dark beside the other (a
    /// video pane stopping to black, a detail pane emptied), and the share growing back after it
    /// no unfold. A fold squeezes or lays the app out anew in the small display: 1-69% of the
    /// tiles stay on 117 generated folds, 78% on the real emulator's; a pane going dark 100%.
    public var foldKeptMatch: Double = 0.95
    /// A fold's band is darker than this level in every channel: black in an emulator's own
    /// window, the IDE's grey (43-48 levels, 49-53 in older themes) in Android Studio's.
    public var screenBandLevel: Double = 56
    /// ...and a run that redrew the whole frame (`unfoldMinChanged`) is the unfold only when it
    /// brings back at least this share of those tiles, where they can be counted: a dialog, a
    /// rotation or a photo opened in the folded app redraws everything too (a review's: 0-57%
    /// back), the real emulator's unfold 98-100% (its re-encoded copy 98%), unfolds onto a list
    /// scrolled or with a new message 84-93%.
    public var unfoldRedrawnReturn: Double = 0.75
    /// ...counted only where the refit picture differed from the one before the fold, in tiles
    /// that had detail before it, in at least this share of the tiles (a layout only stretched,
    /// with nothing to tell a return by).
    public var unfoldReturnMinTiles: Double = 0.05
    /// After a refit fold, the unfold also redraws the status bar: this share of the frame's
    /// height at its top as shown (a 1080x2400 phone's is 60-100 px, 3-4%).
    public var statusBarShare: Double = 0.04
    /// A span across both screens of a dual-screen capture (`SpanTracker`). The hinge: a band of
    /// two tile lines in the middle 30-70% of the frame at most `spanHingeLevel` bright and at
    /// least `spanHingeContrast` darker than the screens beside it (or `spanHingeRatio` of their
    /// level, where that is less: a tile at least half hinge), at one place in
    /// `spanHingeShare` of the frames whose middle columns are at least `spanLitLevel` bright, not
    /// black (sampled once a
    /// second; the Surface Duo emulator: contrast 72, band 31, seen in 99%; no other capture
    /// above 62%; its dark theme: screens of 21-30 levels, 17-19 above the band, whose two tile
    /// columns are each half hinge; Material's dark surface: screens of 18, 11 above such a
    /// band), the band's darker tile line not a flat grey (a dark tablet
    /// app's gutter: a hinge's tiles are black, or split between black and a screen). The span: visible change (frames at most `spanGapMs` apart) with both screens
    /// black (`spanDarkShare` of each screen's tiles under `spanDarkLevel`) for `spanBlackMs`
    /// (670 ms in the emulator), after which one screen is within `spanKeepLevels` of where it
    /// began (0.7) and the other at least `spanChangeLevels` away (56). A run longer than
    /// `spanMaxMs` is no span animation (2080 ms in the emulator; a screen off for minutes is not).
    /// The run changes for at least `spanDragMs` before the screens first go black: the window is
    /// dragged to the hinge (1170 ms in the emulator, 740-920 ms on the fold-span films and a
    /// review's Material-dark spans); a cut to black starts the run at the blackout, a fade to black
    /// 130-160 ms before it (a review's 47 two-pane and dual-screen look-alikes: 0-160 ms, and 420
    /// for both screens dimming into a blank).
    public var spanLitLevel: Double = 16
    public var spanHingeLevel: Double = 80
    public var spanHingeContrast: Double = 15
    public var spanHingeRatio: Double = 0.5
    public var spanHingeShare: Double = 0.9
    public var spanDarkLevel: Double = 16
    public var spanDarkShare: Double = 0.9
    public var spanBlackMs: Double = 300
    public var spanDragMs: Double = 400
    public var spanGapMs: Double = 500
    public var spanKeepLevels: Double = 8
    public var spanChangeLevels: Double = 30
    public var spanMaxMs: Double = 5_000

    public init() {}

    /// The frame changed broadly (see `broadShare`): `changed` of `tiles` tiles.
    func broad(_ changed: Int, of tiles: Int) -> Bool { Double(changed) >= broadShare * Double(tiles) }

    /// The frame changed as a turn changes it (see `turnShare`): `changed` of `tiles` tiles.
    func turning(_ changed: Int, of tiles: Int) -> Bool { Double(changed) >= turnShare * Double(tiles) }

    /// Darker than `darkLevel` in every channel: a dark ground, a band, a tile that shows nothing.
    func isDark(_ c: SIMD3<Float>) -> Bool { max(c.x, c.y, c.z) < Float(darkLevel) }
}
