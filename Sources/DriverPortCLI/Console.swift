import Foundation

/// Where a command writes: results to stdout, errors and progress to stderr.
///
/// The standard console writes to the process's file descriptors; a capturing console (for tests) keeps the text.
/// Progress lines appear only when stderr is a terminal, so pipes and CI logs stay quiet.
public final class Console: @unchecked Sendable {
    // @unchecked: `lock` guards `captured` and `progressShown`; everything else is immutable.
    private let lock = NSLock()
    private let capturing: Bool
    private var captured: (out: String, err: String) = ("", "")
    private var progressShown = false
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
    public var standardOutput: String { lock.withLock { captured.out } }
    /// What was written to stderr (capturing console only).
    public var standardError: String { lock.withLock { captured.err } }

    /// Writes text to stdout.
    public func out(_ text: String) {
        lock.withLock {
            clearProgressLocked()
            if capturing { captured.out += text } else { FileHandle.standardOutput.write(Data(text.utf8)) }
        }
    }

    /// Writes a line to stdout.
    public func line(_ text: String = "") { out(text + "\n") }

    /// Writes a line to stderr.
    public func error(_ text: String) {
        lock.withLock {
            clearProgressLocked()
            if capturing { captured.err += text + "\n" } else { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        }
    }

    /// Replaces the progress line on a terminal (no-op otherwise).
    public func progress(_ text: String) {
        guard showsProgress else { return }
        lock.withLock {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
            progressShown = true
        }
    }

    /// Removes the progress line.
    public func endProgress() { lock.withLock { clearProgressLocked() } }

    private func clearProgressLocked() {
        guard progressShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        progressShown = false
    }

    /// Writes a value as pretty JSON with sorted keys, one document, to stdout.
    public func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        out(String(decoding: data, as: UTF8.self) + "\n")
    }
}
