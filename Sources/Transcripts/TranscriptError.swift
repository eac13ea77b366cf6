/// A transcript that cannot be used: missing, not a transcript, cut short, or recorded on another file. Each case
/// says where (the transcript's path when the caller knows it, and the line).
public enum TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path.
    case missing(path: String)
    /// The file exists but cannot be read, or is not UTF-8 text.
    case unreadable(path: String, reason: String)
    /// A line that is not what the format has there.
    case malformed(line: Int, reason: String)
    /// The text ends before the transcript does (no `end` line, or a last line without its line break).
    case truncated(line: Int, reason: String)
    /// A format version this toolkit does not read.
    case unsupportedVersion(line: Int, found: String)
    /// The transcript was recorded on a file with other content (its `source` line's hash is not the file's).
    case foreignSource(line: Int, recorded: String, actual: String)
    /// OpenSSL gave no SHA-256 (a broken libcrypto).
    case digestUnavailable

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such transcript"
        case .unreadable(let path, let reason): "\(path): cannot read the transcript (\(reason))"
        case .malformed(let line, let reason): "line \(line): malformed transcript: \(reason)"
        case .truncated(let line, let reason): "line \(line): truncated transcript: \(reason)"
        case .unsupportedVersion(let line, let found):
            "line \(line): transcript format version \(found) is not one this toolkit reads "
                + "(it reads versions \(Transcript.readableVersions.map(String.init).joined(separator: " and "))); "
                + "record the transcript again"
        case .foreignSource(let line, let recorded, let actual):
            "line \(line): the transcript was recorded on another file (source sha256 \(recorded.prefix(16))…, "
                + "this file's is \(actual.prefix(16))…; compare with sha256sum, and the -wal and -journal beside it)"
        case .digestUnavailable: "OpenSSL's SHA-256 is not available"
        }
    }

    /// The same error with `path: ` in front of a line-numbered description (a transcript read from a file).
    func at(_ path: String) -> TranscriptFileError { TranscriptFileError(path: path, error: self) }
}

/// A ``TranscriptError`` of the transcript file at ``path``.
public struct TranscriptFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transcript file's path, as the caller gave it.
    public let path: String
    /// What is wrong with it (a missing or unreadable file, or a malformed or foreign transcript).
    public let error: TranscriptError

    public var description: String {
        switch error {
        case .missing, .unreadable: error.description
        default: "\(path): \(error.description)"
        }
    }
}
