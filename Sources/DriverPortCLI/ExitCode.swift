/// The process exit codes, after BSD's sysexits.h.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// A check ran and found a difference (`diff`, schema check).
    case differenceFound = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// The input data was wrong: not a database, wrong key, not an MMEX file (EX_DATAERR).
    case dataError = 65
    /// An input file is missing or unreadable (EX_NOINPUT).
    case noInput = 66
    /// An internal error (EX_SOFTWARE).
    case software = 70
    /// An output file cannot be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// An I/O error (EX_IOERR).
    case ioError = 74
    /// A temporary failure such as a locked database (EX_TEMPFAIL).
    case temporaryFailure = 75
    /// Not permitted (EX_NOPERM).
    case noPermission = 77
}

/// An error the CLI reports in one line on stderr, with the exit code it maps to.
public struct CLIError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    public static func usage(_ message: String) -> CLIError { CLIError(message, exitCode: .usage) }

    public var description: String { message }
}
