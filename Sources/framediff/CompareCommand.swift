import FrameDiff

/// `framediff compare A.png B.png`: one RMSE printed like `compare -metric RMSE`.
struct CompareCommand: Command {
    static let name = "compare"
    static let synopsis = "framediff compare A.png B.png"
    static let summary = """
        Prints the RMSE of two PNG images of the same size as ImageMagick's `compare -metric RMSE`
        does: absolute on the 0-65535 scale, then normalised 0-1 in parentheses.
        """
    static let options = [CommonOptions.help]

    let a: String, b: String

    init(_ p: ParsedArguments) throws {
        guard p.positionals.count == 2 else { throw UsageError("compare takes two PNG files") }
        a = p.positionals[0]
        b = p.positionals[1]
    }

    func run() throws -> Int32 {
        let ia = try PNGImage(contentsOf: a), ib = try PNGImage(contentsOf: b)
        guard ia.width == ib.width, ia.height == ib.height else {
            throw FilmError.sizeMismatch(path: b, other: a, size: "\(ib.width)x\(ib.height)",
                                         otherSize: "\(ia.width)x\(ia.height)")
        }
        try Console.out(SquaredDifference.rmse(ia, ib).compareText + "\n")
        return 0
    }
}
