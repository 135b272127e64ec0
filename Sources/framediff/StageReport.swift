import FrameDiff
import Foundation

/// `FRAMEDIFF_STAGES=1`: the main job and `rank` print, after each film, where its CPU went stage
/// by stage (StageAccount) to stderr.
///
///     scan.stages = StageReport.account(); ...; StageReport.print(scan.stages, film: film)
enum StageReport {
    /// A fresh account when FRAMEDIFF_STAGES asks for one, else nil (nothing is counted).
    static func account() -> StageAccount? {
        let value = ProcessInfo.processInfo.environment["FRAMEDIFF_STAGES"] ?? ""
        return value.isEmpty || value == "0" ? nil : StageAccount()
    }

    static func print(_ account: StageAccount?, film: String) {
        guard let account else { return }
        account.close()
        Console.err(account.table(film: film))
    }
}
