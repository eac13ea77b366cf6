import Foundation
import Synchronization

/// Where a command writes: results to stdout, errors and progress to stderr.
///
/// The standard console writes to the process's file descriptors; a capturing console (for tests) keeps the text.
/// Progress lines appear only when stderr is a terminal, so pipes and CI logs stay quiet.
public final class Console: Sendable {
    /// What writing changes: the captured text (capturing console only) and whether a progress line is on screen.
    private struct Output {
        var captured: (out: String, err: String) = ("", "")
        var progressShown = false

        /// Removes the progress line.
        mutating func clearProgress() {
            guard progressShown else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            progressShown = false
        }
    }

    private let capturing: Bool
    /// Guarded by the mutex itself; writes to the file descriptors happen under it too, so lines never interleave.
    private let output = Mutex(Output())
    /// Whether progress lines are drawn (stderr is a terminal and this is not a capturing console).
    public let showsProgress: Bool
    /// Whether stdin is a terminal (for prompting without echo).
    public let stdinIsTerminal: Bool

    /// The process's stdout and stderr.
    public static func standard() -> Console {
        Console(capturing: false, showsProgress: isatty(2) == 1, stdinIsTerminal: isatty(0) == 1)
    }

    /// A console that keeps what is written, for tests.
    public static func capturing() -> Console {
        Console(capturing: true, showsProgress: false, stdinIsTerminal: false)
    }

    init(capturing: Bool, showsProgress: Bool, stdinIsTerminal: Bool) {
        self.capturing = capturing
        self.showsProgress = showsProgress
        self.stdinIsTerminal = stdinIsTerminal
    }

    /// What was written to stdout (capturing console only).
    public var standardOutput: String { output.withLock { $0.captured.out } }
    /// What was written to stderr (capturing console only).
    public var standardError: String { output.withLock { $0.captured.err } }

    /// Writes text to stdout.
    public func out(_ text: String) {
        output.withLock { output in
            output.clearProgress()
            if capturing { output.captured.out += text } else { FileHandle.standardOutput.write(Data(text.utf8)) }
        }
    }

    /// Writes a line to stdout.
    public func line(_ text: String = "") { out(text + "\n") }

    /// Writes a line to stderr.
    public func error(_ text: String) {
        output.withLock { output in
            output.clearProgress()
            if capturing { output.captured.err += text + "\n" } else { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        }
    }

    /// Replaces the progress line on a terminal (no-op otherwise).
    public func progress(_ text: String) {
        guard showsProgress else { return }
        output.withLock { output in
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
            output.progressShown = true
        }
    }

    /// Removes the progress line.
    public func endProgress() { output.withLock { $0.clearProgress() } }

    /// Writes a value as pretty JSON with sorted keys, one document, to stdout.
    public func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        out(String(decoding: data, as: UTF8.self) + "\n")
    }
}
