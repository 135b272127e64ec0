/// When a tile's change counts: above the film's own noise floor of each measure (codec flicker,
/// dither, grain), and above a physical minimum below which a change is not visible.
///
/// The floors are learnt as the film plays, from frames that change broadly (see NoiseFloor).
///
///     var t = ChangeThreshold(options: o); t.learn(board.deltas, tiles: board.tiles); let changed = t.test()(shift, rmse)
struct ChangeThreshold: Sendable {
    let options: ClassifierOptions
    private var shiftNoise = NoiseFloor()
    private var rmseNoise = NoiseFloor()

    init(options: ClassifierOptions) { self.options = options }

    /// Levels of mean-colour shift above which a tile counts as changed.
    var shift: Double { max(options.minTileShift, options.noiseFactor * shiftNoise.floor) }
    /// 0-1 tile RMSE above which a tile counts as changed.
    var rmse: Double { max(options.minTileRMSE, noise) }
    /// 0-1 tile RMSE above which a tile changed by more than the film's noise (0 until the floor
    /// is known, and in a film without noise).
    var noise: Double { options.noiseFactor * rmseNoise.floor }
    /// Typical tile RMSE (0-1) of frames where nothing happens.
    var noiseFloor: Double { rmseNoise.floor }

    mutating func learn(_ deltas: [TileBoard.Delta], tiles: Int) {
        shiftNoise.add(frameValues: deltas.lazy.map(\.shift), tiles: tiles, visible: Float(options.minTileShift))
        rmseNoise.add(frameValues: deltas.lazy.map(\.rmse), tiles: tiles, visible: Float(options.minTileRMSE))
    }

    /// The test as of now, for a batch of tiles.
    func test() -> @Sendable (_ shift: Float, _ rmse: Float) -> Bool {
        let s = Float(shift), r = Float(rmse)
        return { $0 > s || $1 > r }
    }
}
