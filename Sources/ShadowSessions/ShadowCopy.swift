import Differential
import Foundation
import PersistenceSession
import SQLiteEngine

/// The shadow copy of the real file and the candidate session open on it, with what is known of whether the copy
/// still holds what the real file holds.
///
/// Re-making the copy restores the real file's committed state into it. The first time, after a compared unit that
/// differed or failed, and after the real file's schema changed, it closes the candidate, copies the real file's bytes
/// and opens the candidate again (``remake(comparing:)``); otherwise it copies the real file's pages into the copy with
/// SQLite's backup API through a connection of its own on the copy (``ShadowCopy/copyWriter``), under the open
/// candidate, which sees one more commit, as if another connection had written it: its connections, its reader
/// connections and the copy's journal mode (a pool's WAL) stay as they are. That is done only on a copy in WAL mode
/// (where the candidate's connections notice every commit by the WAL index) and when opening the candidate once was
/// found to leave the copy as the real file was (the state comparison finds no difference right after opening: no
/// migration, ledger or index of its own that a restore would take away); otherwise every remake opens the candidate
/// again.
///
/// On a rollback-journal copy, the changed-pages tracker (``Differential/TrackedCopy``) watches the real file and the
/// copy: when it can vouch for both, a remake copies only the 4 KiB units the control and the candidate wrote since
/// the copy was last the real file's bytes, and the state comparison reads only those units when they show both
/// files holding the same database. Otherwise both read the whole files, as before. The candidate is opened again at
/// every such remake (it never keeps pages cached from before the copy was rewritten under it).
///
/// Not thread-safe on its own: ``ShadowSession`` touches it only while holding its `shadowLock`, and touches the real
/// file (``realDataVersion()``, ``remake(comparing:)``, ``stateDifferences(_:)``) only while also holding its
/// `writeGate`, so no write of the session's control can be waiting for a lock this copy's reads hold; the candidate
/// runs units only under the same lock, so it is idle (no transaction open) while the copy is restored under it.
final class ShadowCopy<Candidate: PersistenceSession> {
    let realPath: String
    let folder: URL
    let shadowPath: String
    private let openCandidate: @Sendable (String) throws -> Candidate
    private let inspect: @Sendable (String) throws -> EngineConnection
    private let openCopy: @Sendable (String) throws -> EngineConnection

    private(set) var candidate: Candidate?
    /// A read-only connection on the real file: its `PRAGMA data_version` changes whenever another connection (the
    /// control, or anything outside the session) commits.
    private var realInspector: EngineConnection?
    /// The shadow's own read-write connection on the copy, beside the candidate's, through which a remake restores the
    /// real file's pages; opened at the first such remake, closed whenever the candidate is.
    private var copyWriter: EngineConnection?
    /// The real file's `data_version` (as the inspector sees it) when the copy was last known to hold the same
    /// database; `nil` when the copy cannot be trusted (never made, a mismatch, an error).
    private var syncedVersion: Int64?
    /// The real file's `schema_version` when the candidate was last opened: after a schema change the candidate is
    /// opened again rather than left with what it knew of the old schema.
    private var candidateSchemaVersion: Int64?
    /// Whether the next remake opens the candidate again (set by ``untrust(reopening:)`` after a unit that differed or
    /// failed: the candidate starts afresh, as the app's next launch would).
    private var reopensCandidate = true
    /// Whether opening the candidate leaves the copy as the real file was (checked at the first opening; `false` also
    /// once a restore failed): only then is the copy restored under the open candidate.
    private var restoresUnderCandidate: Bool?
    /// What the changed-pages tracker saw written to the real file and the copy since the copy was last the real
    /// file's bytes.
    private var tracking: TrackedCopy
    /// Whether the last remake copied only the units the tracker saw written.
    private(set) var lastRemakeTracked = false

    init(
        realPath: String, folder: URL, openCandidate: @escaping @Sendable (String) throws -> Candidate,
        inspect: @escaping @Sendable (String) throws -> EngineConnection,
        openCopy: @escaping @Sendable (String) throws -> EngineConnection
    ) {
        self.realPath = realPath
        self.folder = folder
        self.shadowPath = folder.appendingPathComponent(URL(fileURLWithPath: realPath).lastPathComponent).path
        self.openCandidate = openCandidate
        self.inspect = inspect
        self.openCopy = openCopy
        self.tracking = TrackedCopy(source: realPath, copy: shadowPath)
        // The candidate, opened later, goes through the tracker.
        ShadowTracking.prepare()
    }

    /// Whether the copy can no longer be trusted.
    var isTrusted: Bool { syncedVersion != nil }

    /// The real file's change counter as the inspector sees it.
    func realDataVersion() throws -> Int64 {
        try Self.integerPragma("data_version", of: try inspector())
    }

    /// Whether the copy holds what the real file holds now: trusted, and nothing committed to the real file since.
    func isInStep() throws -> Bool {
        guard let syncedVersion, candidate != nil else { return false }
        return try realDataVersion() == syncedVersion
    }

    /// Forgets that the copy was in step: the next compared unit re-makes it; with `reopening` (a unit that differed,
    /// a shadow error) it also opens the candidate again.
    func untrust(reopening: Bool = false) {
        syncedVersion = nil
        if reopening { reopensCandidate = true }
    }

    /// Records that the copy holds what the real file held at `version` (after a compared write that agreed).
    func markInStep(version: Int64) {
        syncedVersion = version
    }

    /// How a remake went: the copy restored under the open candidate, or the candidate opened on a fresh copy.
    enum Remake: Equatable {
        case restored
        case reopened
    }

    /// Makes the copy hold the real file's committed state: restored under the open candidate when it can be (see the
    /// type's discussion), else copied and the candidate opened on it. `comparison` is what the session compares: the
    /// first opening is checked with it.
    @discardableResult
    func remake(comparing comparison: StateComparison) throws -> Remake {
        syncedVersion = nil
        lastRemakeTracked = false
        if candidate != nil, !reopensCandidate, restoresUnderCandidate == true {
            do {
                if let version = try restoreUnderCandidate() {
                    syncedVersion = version
                    return .restored
                }
            } catch {
                // A copy the shadow's connection cannot write (another key, another page size): reopen from now on.
                restoresUnderCandidate = false
            }
        }
        try reopen()
        if restoresUnderCandidate == nil {
            restoresUnderCandidate = (try? stateDifferences(comparison).isEmpty) ?? false
        }
        return .reopened
    }

    /// Copies the real file's pages into the copy through ``copyWriter`` inside a read transaction on the real file
    /// (one committed state); the real file's `data_version` then, or `nil` when its schema changed since the candidate
    /// opened (nothing restored).
    private func restoreUnderCandidate() throws -> Int64? {
        let connection = try inspector()
        try connection.execute("BEGIN")
        do {
            // The first read takes the read lock (a snapshot on a WAL file): no commit lands while the pages are copied.
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
            let version = try Self.integerPragma("data_version", of: connection)
            guard try Self.integerPragma("schema_version", of: connection) == candidateSchemaVersion else {
                try connection.execute("COMMIT")
                return nil
            }
            let writer = try writerOnCopy()
            // Only under a WAL copy: a connection there notices any commit by the WAL index, which changes with every
            // one. (In rollback mode it compares the header's change counter, which a restore sets from the real file's:
            // it could come back to the value the candidate last saw.)
            _ = try writer.scalar("SELECT count(*) FROM sqlite_master")
            guard case .text(let mode)? = try writer.pragma("journal_mode"), mode.lowercased() == "wal" else {
                throw ShadowCopyError(step: "restoring the copy under the candidate", reason: "the copy is not in WAL mode")
            }
            // The copy's pages are rewritten outside a tracked re-make: it vouches for nothing until the next one.
            tracking.forget()
            try connection.backup(to: writer)
            try connection.execute("COMMIT")
            return version
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Closes the candidate, makes the shadow copy the real file's bytes (main file, `-wal`, `-journal`) inside a read
    /// transaction on the real file (the copied bytes are one committed state), then opens the candidate on it.
    private func reopen() throws {
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
        let schemaVersion: Int64
        try connection.execute("BEGIN")
        do {
            // The first read takes the read lock (a snapshot on a WAL file): no commit lands while the bytes are copied.
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
            version = try Self.integerPragma("data_version", of: connection)
            schemaVersion = try Self.integerPragma("schema_version", of: connection)
            for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || manager.fileExists(atPath: realPath + suffix) {
                do {
                    if suffix.isEmpty && previous {
                        // Only the units the tracker saw written, when it can vouch for both files; else every block.
                        lastRemakeTracked = try tracking.remake()
                    } else {
                        try FileCopy.copy(realPath + suffix, to: shadowPath + suffix, mode: 0o600)
                        if suffix.isEmpty { tracking.markIdentical() }
                    }
                    try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: shadowPath + suffix)
                } catch {
                    throw ShadowCopyError(step: "copying the real file to \(shadowPath + suffix)", reason: "\(error)")
                }
            }
            try connection.execute("COMMIT")
        } catch {
            tracking.forget()
            try? connection.execute("ROLLBACK")
            throw error
        }
        do {
            candidate = try openCandidate(shadowPath)
        } catch {
            throw ShadowCopyError(step: "opening the candidate on the shadow copy", reason: "\(error)")
        }
        candidateSchemaVersion = schemaVersion
        reopensCandidate = false
        syncedVersion = version
    }

    /// Every difference between the real file and the shadow copy (`options` says what is compared), each side read
    /// in one transaction. The copy starts as the real file's bytes, so tables whose pages are still the same bytes
    /// in both files are skipped (``StateComparison/skipsUnchangedTables``): the cost follows what the units
    /// changed. (Not while either file has WAL content: a pool candidate's copy is compared row by row.) When the
    /// changed-pages tracker shows both files holding the same database (``Differential/TrackedCopy/holdSameDatabase()``),
    /// neither is compared further: only the units the control and the candidate wrote are read. Debug builds
    /// compare them anyway and count a difference found as a disagreement (``ChangedPageTracking/disagreements``).
    func stateDifferences(_ options: StateComparison) throws -> [Mismatch] {
        let real = try inspector()
        try real.execute("BEGIN")
        defer { try? real.execute("COMMIT") }
        // The first read takes the read lock: no commit lands on the real file while it is compared.
        _ = try real.scalar("SELECT count(*) FROM sqlite_master")
        if options.skipsUnchangedTables, tracking.holdSameDatabase() {
            if ChangedPageTracking.checks, (try? comparedDifferences(options, real: real))?.isEmpty != true {
                ChangedPageTracking.disagreements.add(1, ordering: .relaxed)
            }
            return []
        }
        return try comparedDifferences(options, real: real)
    }

    /// Every difference between the real file (read through `real`, in its open transaction) and the shadow copy,
    /// opened for it.
    private func comparedDifferences(_ options: StateComparison, real: EngineConnection) throws -> [Mismatch] {
        let shadow = try inspect(shadowPath)
        defer { shadow.close() }
        try shadow.execute("BEGIN")
        defer { try? shadow.execute("COMMIT") }
        return try DatabaseStates.differences(
            baseline: real, candidate: shadow, options: options, paths: (realPath, shadowPath)
        )
    }

    /// Closes the candidate, the shadow's connections and the inspector and removes the shadow folder.
    func close() {
        closeCandidate()
        tracking.unwatch()
        realInspector?.close()
        realInspector = nil
        try? FileManager.default.removeItem(at: folder)
    }

    /// Closes the candidate, then the shadow's own connection on the copy (the last to close: on a WAL copy it
    /// checkpoints and removes the sidecars).
    private func closeCandidate() {
        try? candidate?.close()
        candidate = nil
        copyWriter?.close()
        copyWriter = nil
    }

    /// The shadow's read-write connection on the copy, opened the first time: it never syncs (the copy is
    /// throwaway, re-made whenever it cannot be trusted).
    private func writerOnCopy() throws -> EngineConnection {
        if let copyWriter { return copyWriter }
        let connection = try openCopy(shadowPath)
        do {
            try connection.execute("PRAGMA synchronous = OFF")
        } catch {
            connection.close()
            throw error
        }
        copyWriter = connection
        return connection
    }

    private static func integerPragma(_ name: String, of connection: EngineConnection) throws -> Int64 {
        guard case .integer(let value)? = try connection.pragma(name) else {
            throw ShadowCopyError(step: "reading the real file's \(name)", reason: "no value")
        }
        return value
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
