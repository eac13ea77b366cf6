import Foundation

/// The private copy that ``UntouchedReader`` reads a file with a live WAL or a hot journal from could not be made
/// (usually: no space left in the temporary folder). The original file is untouched.
public struct PrivateCopyError: Error, Sendable, CustomStringConvertible {
    /// The file being read.
    public let path: String
    /// The temporary folder the copy was going to (`TMPDIR`).
    public let folder: String
    /// The operating system's reason, such as "no space left on device".
    public let reason: String

    init(path: String, folder: String, underlying: any Error) {
        self.path = path
        self.folder = folder
        reason = SystemErrorReason.of(underlying)
    }

    public var description: String {
        "\(path): cannot copy it with its sidecars into \(folder) to read it without changing it (\(reason)); "
            + "free space there or set TMPDIR"
    }
}
