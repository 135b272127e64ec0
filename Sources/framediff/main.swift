import Foundation
import FrameDiff

/// The verbs, by name; the main job (`framediff FILM...`) is AnalyzeCommand.
let verbs: [String: any Command.Type] = [
    RankCommand.name: RankCommand.self,
    CompareCommand.name: CompareCommand.self,
    FramesCommand.name: FramesCommand.self,
    CheckCommand.name: CheckCommand.self,
    AuditCommand.name: AuditCommand.self,
    MergeCommand.name: MergeCommand.self,
]

func usage() -> String {
    """
    usage: framediff FILM... [options]            analyse films and print a report
           framediff rank FILM [--top N]          frame deltas, largest first
           framediff compare A.png B.png          one RMSE, printed like `compare -metric RMSE`
           framediff frames FILM --at MS          the frames around a moment as PNG, and a contact sheet
           framediff check FILM... [--rules F] [--baseline F]   CI gate: exit 1 when a rule or the baseline fails
           framediff audit PATH... [--jobs N]     batch: every film under the paths, one summary
           framediff merge A.json B.json...       join the JSON of audit shards into one report

    `framediff COMMAND --help` shows a command's options; `framediff --version` the version.

    """
}

/// The first argument that is not valid UTF-8, shown with its odd bytes escaped (`bad\xffname.mp4`).
/// Swift's strings repair such bytes, so the file they name could never be opened: refusing it
/// says why instead of "no such file".
func undecodableArgument() -> String? {
    for i in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
        var shown = ""
        for b in UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)) {
            shown += b < 0x80 && b >= 0x20 ? String(UnicodeScalar(b)) : String(format: "\\x%02x", b)
        }
        return shown
    }
    return nil
}

func main() -> Int32 {
    if let bad = undecodableArgument() {
        Console.err("framediff: error: \(bad): the name is not valid UTF-8, which framediff cannot open; rename the file\n")
        return 2
    }
    var args = Array(CommandLine.arguments.dropFirst())
    if args.isEmpty {
        Console.err(usage())
        return 2
    }
    if args == ["--version"] || args == ["-V"] {
        try? Console.out(FrameDiffVersion.string + "\n")
        return 0
    }
    if args == ["--help"] || args == ["-h"] || args == ["help"] {
        // (the main job's options and settings too: it is the verb run without one)
        try? Console.out(usage() + "the main job, framediff FILM...:\n\n" + AnalyzeCommand.help)
        return 0
    }
    var type: any Command.Type = AnalyzeCommand.self
    if let verb = verbs[args[0]] {
        type = verb
        args.removeFirst()
    }
    do {
        let parsed = try ParsedArguments(args, options: type.options)
        if parsed.has("--help") {
            try Console.out(type.help)
            return 0
        }
        return try type.init(parsed).run()
    } catch let e as UsageError {
        // `framediff frames` with a folder of frames named `frames` here (as the README's ffmpeg
        // line writes it) runs the verb: say how to name the folder instead
        let named = !type.name.isEmpty && FileManager.default.fileExists(atPath: type.name)
            ? " (to analyse ./\(type.name), write: framediff ./\(type.name))" : ""
        Console.err("framediff: \(e)\(named)\nTry 'framediff \(type.name.isEmpty ? "" : type.name + " ")--help'.\n")
        return 2
    } catch let e as WriteError {
        // (nobody reads a closed pipe's complaint: `framediff rank F | head`)
        if !e.closedPipe { Console.err(Console.errorLine(e)) }
        return 2
    } catch {
        Console.err(Console.errorLine(error))
        return 2
    }
}

// A closed pipe is a write error to report, not a signal to die of.
signal(SIGPIPE, SIG_IGN)
exit(main())
