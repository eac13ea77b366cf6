import SQLiteCipher

/// What `export` and `rekey` print: one line, or (`--json`) the copy's facts.
struct CopyOutput: Encodable {
    let path: String
    let cipher: String
    let pageSize: Int
    let pageCount: Int
    let userVersion: Int64
    let walMode: Bool

    init(_ report: CopyReport) {
        path = report.path
        cipher = report.format?.rawValue ?? "none"
        pageSize = report.pageSize
        pageCount = report.pageCount
        userVersion = report.userVersion
        walMode = report.walMode
    }

    var summary: String {
        "\(cipher), \(pageCount) pages of \(pageSize) bytes, user_version \(userVersion)\(walMode ? ", WAL mode" : "")"
    }
}

/// A progress line for copies, on a terminal only (``Console/progress(_:)`` draws nothing elsewhere).
enum CopyProgressLine {
    static func draw(_ progress: CopyProgress, console: Console, verb: String) {
        switch progress.phase {
        case .copying:
            let percent = progress.pagesTotal > 0 ? progress.pagesDone * 100 / progress.pagesTotal : 0
            console.progress("\(verb): \(progress.pagesDone)/\(progress.pagesTotal) pages (\(percent)%)")
        case .verifying: console.progress("\(verb): verifying the new file")
        case .replacing: console.progress("\(verb): replacing the file")
        }
    }
}
