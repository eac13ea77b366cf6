import Differential
import Foundation
import SQLiteEngine

/// `--html OUT` of `diff`, `verify` and `shadow`: the report as a self-contained page (``Differential/ReportPage``).
///
/// The path is checked when the command starts, so a run of minutes does not end in "cannot write": its folder must
/// exist and be writable, and OUT must not be a folder. The page holds values read from the user's file, so it is
/// created readable by its owner only (0600); it is written whole through a temporary file and a rename.
struct HTMLReportOutput {
    static let optionName = "html"
    static let help = "  --html OUT       also write the report as a self-contained HTML page to OUT (0600; opens offline)"

    let path: String

    /// `nil` without `--html`.
    init?(_ arguments: ArgumentList) throws(CLIError) {
        guard let path = arguments.option(Self.optionName) else { return nil }
        guard !path.isEmpty else { throw .usage("--html takes the path of the page to write") }
        try OutputLocation.check(path, what: "the page")
        self.path = path
    }

    /// Writes the page (0600, whole or not at all).
    func write(_ page: ReportPage) throws(CLIError) {
        let target = URL(fileURLWithPath: path)
        let partial = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).partial")
        let bytes = Array(page.html.utf8)
        let descriptor = open(partial.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CLIError("\(path): cannot write the page (\(SystemErrorReason.of(code: errno)))", exitCode: .cannotCreate)
        }
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        close(descriptor)
        if failure == 0, rename(partial.path, target.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(partial.path)
            throw CLIError("\(path): cannot write the page (\(SystemErrorReason.of(code: failure)))", exitCode: .ioError)
        }
    }
}
