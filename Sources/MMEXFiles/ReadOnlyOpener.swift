import Foundation
import SQLiteEngine

/// Opens a plain database for reading in a way that never changes the file or its sidecars.
///
/// The rules live in the engine's ``UntouchedReader`` (a non-empty `-wal` or a hot `-journal` is read from a private
/// copy; a WAL-mode file without one opens `immutable=1`; a rollback-journal file opens `mode=ro`); this name keeps
/// the MMEX file tools' vocabulary and takes the mode from a ``FileProbe``.
public typealias ReadOnlyDatabase = UntouchedReader

extension UntouchedReader {
    /// Opens `probe.path` for reading with `library`, as described above.
    public static func open(_ probe: FileProbe, library: SQLiteLibrary = .system, vfs: String? = nil) throws
        -> ReadOnlyDatabase
    {
        try open(path: probe.path, isWALMode: probe.isWALMode, library: library, vfs: vfs)
    }
}

/// A `file:` URI for a path, with the characters URIs reserve percent-encoded.
public func fileURI(path: String, query: String? = nil) -> String {
    FileURI.make(path: path, query: query)
}
