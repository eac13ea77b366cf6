import Foundation
import MMEXFiles
import PersistenceSession
import SQLiteCipher
import SQLiteEngine

/// Where a read-only session reads a file from, chosen so that neither the file nor its sidecars change.
///
/// A read-only SQLite connection is not enough to leave a file alone: on a WAL-mode file it creates `-wal` and
/// `-shm` beside it (as root even in a read-only folder) and writes read marks into an existing `-shm`, and it cannot
/// read a file whose hot `-journal` it would have to roll back first. So, with the rules of the engine's
/// `UntouchedReader` (which `inspect` and `dump` use):
///
/// - a rollback-journal file opens live with `mode=ro`: the session sees every later commit of other processes
///   (shared locks only, no sidecar is created);
/// - a WAL-mode file without a `-wal` (nobody has it open) opens with `immutable=1`: no lock, no sidecar; the
///   session reads the file as it is now and must not be kept open while another process writes to it;
/// - a file with a non-empty `-wal` (another process has it open, or crashed) or a hot `-journal` is copied with
///   those sidecars into a private folder, recovered there, and the copy is read: the session sees the committed
///   state at the moment it opened, never a later commit, and the originals stay byte for byte the same.
///
/// For an encrypted file the journal mode is only known after decrypting page 1, so it is first read with the key
/// (`CipherProbe`), without opening the file through SQLite.
public final class ReadOnlySource: Sendable {
    /// The `file:` URI a driver opens (read-only, through the session's VFS).
    public let uri: String
    /// The private copy's folder, when the session reads a copy.
    private let copyFolder: ScratchFolder?

    /// Whether the session reads a private copy taken when it opened.
    public var readsCopy: Bool { copyFolder != nil }

    private init(uri: String, copyFolder: ScratchFolder?) {
        self.uri = uri
        self.copyFolder = copyFolder
    }

    /// Decides how to read `path` (already examined by ``MMEXFileCheck/examine(_:keyGiven:)``).
    ///
    /// - Throws: the key's errors (``PersistenceError/wrongKey(path:)``), and I/O errors when a copy cannot be made.
    public static func prepare(path: String, probe: FileProbe, key: SessionKey?) throws(PersistenceError) -> ReadOnlySource {
        let walMode: Bool
        if probe.kind == .plainSQLite {
            walMode = probe.isWALMode
        } else {
            do {
                walMode = try CipherProbe.examine(path: path, choice: key?.choice ?? .mmex, key: key?.key).walMode
            } catch {
                throw SessionErrors.persistenceError(for: error, path: path, keyGiven: key != nil)
            }
        }
        let walHoldsFrames = UntouchedReader.size(ofFileAt: path + "-wal") > 0
        let hotJournal = UntouchedReader.isHotJournalCandidate(atPath: path + "-journal")
        guard walHoldsFrames || hotJournal else {
            return ReadOnlySource(uri: FileURI.make(path: path, query: walMode ? "immutable=1" : "mode=ro"), copyFolder: nil)
        }
        do {
            return try recoveredCopy(of: path, walMode: walMode, key: key)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw SessionErrors.persistenceError(for: error, path: path, keyGiven: key != nil)
        }
    }

    /// Copies the file with its `-wal` and `-journal` into a private folder and lets SQLite recover the copy (replay
    /// the WAL's commits, roll back a hot journal), so the copy is one self-contained file.
    private static func recoveredCopy(of path: String, walMode: Bool, key: SessionKey?) throws -> ReadOnlySource {
        let manager = FileManager.default
        let folder = try ScratchFolder.make(kind: "session", in: manager.temporaryDirectory)
        do {
            let copy = folder.appending(URL(fileURLWithPath: path).lastPathComponent).path
            for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || manager.fileExists(atPath: path + suffix) {
                try FileCopy.copy(path + suffix, to: copy + suffix)
            }
            let recovery = try EngineConnection(
                path: copy, options: OpenOptions(access: .readWrite, vfs: SessionKey.vfsName(for: key))
            )
            defer { recovery.close() }
            if let key { try key.apply(to: recovery, path: path) }
            _ = try recovery.scalar("SELECT count(*) FROM sqlite_master")
            if walMode { _ = try recovery.scalar("PRAGMA wal_checkpoint(TRUNCATE)") }
            return ReadOnlySource(uri: FileURI.make(path: copy, query: walMode ? "immutable=1" : "mode=ro"), copyFolder: folder)
        } catch {
            folder.remove()
            throw error
        }
    }

    /// Removes the private copy (after the session closed its connections).
    public func discard() {
        copyFolder?.remove()
    }
}
