import Differential
import Foundation
import PersistenceSession
import SQLiteEngine

/// The shadow copy of the real file and the candidate session open on it, with what is known of whether the copy
/// still holds what the real file holds.
///
/// Not thread-safe on its own: ``ShadowSession`` touches it only while holding its `shadowLock`, and touches the real
/// file (``realDataVersion()``, ``remake()``, ``stateDifferences(_:)``) only while also holding its `writeGate`, so no
/// write of the session's control can be waiting for a lock this copy's reads hold.
final class ShadowCopy<Candidate: PersistenceSession> {
    let realPath: String
    let folder: URL
    let shadowPath: String
    private let openCandidate: @Sendable (String) throws -> Candidate
    private let inspect: @Sendable (String) throws -> EngineConnection

    private(set) var candidate: Candidate?
    /// A read-only connection on the real file: its `PRAGMA data_version` changes whenever another connection (the
    /// control, or anything outside the session) commits.
    private var realInspector: EngineConnection?
    /// The real file's `data_version` (as the inspector sees it) when the copy was last known to hold the same
    /// database; `nil` when the copy cannot be trusted (never made, a mismatch, an error).
    private var syncedVersion: Int64?

    init(
        realPath: String, folder: URL, openCandidate: @escaping @Sendable (String) throws -> Candidate,
        inspect: @escaping @Sendable (String) throws -> EngineConnection
    ) {
        self.realPath = realPath
        self.folder = folder
        self.shadowPath = folder.appendingPathComponent(URL(fileURLWithPath: realPath).lastPathComponent).path
        self.openCandidate = openCandidate
        self.inspect = inspect
    }

    /// Whether the copy can no longer be trusted.
    var isTrusted: Bool { syncedVersion != nil }

    /// The real file's change counter as the inspector sees it.
    func realDataVersion() throws -> Int64 {
        let connection = try inspector()
        guard case .integer(let version)? = try connection.pragma("data_version") else {
            throw ShadowCopyError(step: "reading the real file's data_version", reason: "no value")
        }
        return version
    }

    /// Whether the copy holds what the real file holds now: trusted, and nothing committed to the real file since.
    func isInStep() throws -> Bool {
        guard let syncedVersion, candidate != nil else { return false }
        return try realDataVersion() == syncedVersion
    }

    /// Forgets that the copy was in step: the next compared unit re-makes it.
    func untrust() {
        syncedVersion = nil
    }

    /// Records that the copy holds what the real file held at `version` (after a compared write that agreed).
    func markInStep(version: Int64) {
        syncedVersion = version
    }

    /// Makes the shadow copy the real file's bytes (main file, `-wal`, `-journal`) inside a read transaction on the
    /// real file (the copied bytes are one committed state), then opens the candidate on it.
    func remake() throws {
        syncedVersion = nil
        closeCandidate()
        let manager = FileManager.default
        let connection = try inspector()
        // The previous copy's main file is kept: re-making it rewrites only the blocks that differ, so the
        // candidate's next sync writes what changed rather than the whole file. Its sidecars go (the candidate is
        // closed; the real file's own sidecars are copied below).
        let previous = manager.fileExists(atPath: shadowPath)
        do {
            // One level only: a shadow folder inside a scratch folder that is being removed is not brought back.
            try ScratchFolder.makeFolder(at: folder)
            for suffix in ["-wal", "-shm", "-journal"] where manager.fileExists(atPath: shadowPath + suffix) {
                try manager.removeItem(atPath: shadowPath + suffix)
            }
        } catch {
            throw ShadowCopyError(step: "clearing the shadow folder \(folder.path)", reason: "\(error)")
        }
        let version: Int64
        try connection.execute("BEGIN")
        do {
            // The first read takes the read lock (a snapshot on a WAL file): no commit lands while the bytes are copied.
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
            guard case .integer(let current)? = try connection.pragma("data_version") else {
                throw ShadowCopyError(step: "reading the real file's data_version", reason: "no value")
            }
            version = current
            for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || manager.fileExists(atPath: realPath + suffix) {
                do {
                    if suffix.isEmpty && previous {
                        try FileResync.rewriteDifferences(of: shadowPath, from: realPath)
                    } else {
                        try FileCopy.copy(realPath + suffix, to: shadowPath + suffix, mode: 0o600)
                    }
                    try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: shadowPath + suffix)
                } catch {
                    throw ShadowCopyError(step: "copying the real file to \(shadowPath + suffix)", reason: "\(error)")
                }
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
        do {
            candidate = try openCandidate(shadowPath)
        } catch {
            throw ShadowCopyError(step: "opening the candidate on the shadow copy", reason: "\(error)")
        }
        syncedVersion = version
    }

    /// Every difference between the real file and the shadow copy (`options` says what is compared), each side read
    /// in one transaction. The copy starts as the real file's bytes, so tables whose pages are still the same bytes
    /// in both files are skipped (``StateComparison/skipsUnchangedTables``): the cost follows what the units
    /// changed. (Not while either file has WAL content: a pool candidate's copy is compared row by row.)
    func stateDifferences(_ options: StateComparison) throws -> [Mismatch] {
        let real = try inspector()
        let shadow = try inspect(shadowPath)
        defer { shadow.close() }
        try real.execute("BEGIN")
        defer { try? real.execute("COMMIT") }
        try shadow.execute("BEGIN")
        defer { try? shadow.execute("COMMIT") }
        return try DatabaseStates.differences(
            baseline: real, candidate: shadow, options: options, paths: (realPath, shadowPath)
        )
    }

    /// Closes the candidate and the inspector and removes the shadow folder.
    func close() {
        closeCandidate()
        realInspector?.close()
        realInspector = nil
        try? FileManager.default.removeItem(at: folder)
    }

    private func closeCandidate() {
        try? candidate?.close()
        candidate = nil
    }

    private func inspector() throws -> EngineConnection {
        if let realInspector { return realInspector }
        do {
            let connection = try inspect(realPath)
            realInspector = connection
            return connection
        } catch {
            throw ShadowCopyError(step: "opening the real file for inspection", reason: "\(error)")
        }
    }
}

/// A step of the shadow machinery that failed (published as an ``ShadowEvent/Kind/error`` event, never thrown into
/// the app).
struct ShadowCopyError: Error, CustomStringConvertible {
    let step: String
    let reason: String

    var description: String { "\(step): \(reason)" }
}
