import Foundation
import SQLiteCipher

/// Decides, at launch, which database file to open, moving an existing database from its legacy folder into a
/// shared container (an App Group, so a widget can read it) when one is available.
///
/// This is a launch routine, not a migration: it changes where the file lives, never what is in it, and it must
/// never leave the app without its data. The rules (seed 000):
/// - No container, or a container path that is reported but does not exist: the legacy file.
/// - Before the main file has moved, any failure falls back to the legacy file. After it moved, the relocation
///   never falls back (the legacy folder no longer holds the database); a sidecar that failed to follow is retried
///   on the next run. A sidecar already at the destination is never overwritten.
/// - Idempotent: running it again after an interruption at any point (see ``RelocationStep``) finishes the move.
/// - Both files hold rows: nothing moves, the legacy file is used, and the result says ``RelocationResult/conflict``.
///   A destination without rows (a schema an earlier launch created) is replaced. Rows, not the file existing,
///   decide, and they are read with the WAL's committed transactions and without changing either file.
///
/// ## The WAL travels inside the main file
///
/// Moving a main file without its `-wal` loses the WAL's committed transactions, and worse: SQLite opening the
/// moved file starts a fresh `-wal` beside it, after which the old one can never be moved without overwriting. So,
/// before the main file moves, the relocation *settles* it (``DatabaseAccess/settle(atPath:opened:)``): it opens
/// the legacy database, which rolls back a hot journal, checkpoints the WAL into the main file with
/// `wal_checkpoint(TRUNCATE)` and closes, and SQLite, closing the last connection, removes the `-wal` and `-shm`.
/// The single atomic rename of the main file then carries every committed transaction; there is no moment at which
/// the transactions live only in a file that has not moved yet. A `-wal` still present after the close means
/// another connection has the database open, and the relocation falls back rather than move a file under a live
/// writer. The sidecar moves that follow are kept for files moved by older builds that did not settle; while one
/// that carries transactions is still pending, ``RelocationResult/isSafeToOpen`` is `false`.
///
/// ## Which file is which
///
/// The destination is the container folder plus the legacy file's name. A container that is the legacy folder
/// (same device and inode, even under another path) needs no move.
public struct DatabaseRelocation: Sendable {
    /// Where older builds kept the database.
    public var legacyFile: URL
    /// The shared container folder as the system reports it this launch, or `nil` when there is none.
    public var container: URL?
    /// The renames and removals (a test injects failures here).
    public var fileSystem: any RelocationFileSystem
    /// How databases are opened to read rows and to settle before the move.
    public var access: DatabaseAccess
    /// Sees every step boundary as it is crossed.
    public var observer: RelocationObserver?

    /// A relocation of `legacyFile` into `container`; nothing happens until ``run()``.
    ///
    /// - Parameters:
    ///   - legacyFile: The database file where older builds kept it (it need not exist).
    ///   - container: The shared container folder the system reports this launch, or `nil` when there is none.
    ///   - fileSystem: The renames and removals; a test passes one that fails a chosen operation.
    ///   - access: How to open the databases to read rows and settle them (plain SQLite by default).
    ///   - observer: Told about every step boundary (a test interrupts the run there), or `nil`.
    public init(
        legacyFile: URL, container: URL?, fileSystem: any RelocationFileSystem = SystemFileSystem(),
        access: DatabaseAccess = .plain, observer: RelocationObserver? = nil
    ) {
        self.legacyFile = legacyFile
        self.container = container
        self.fileSystem = fileSystem
        self.access = access
        self.observer = observer
    }

    /// Where the database goes in the container, or `nil` without one.
    public var destinationFile: URL? {
        container.map { $0.appendingPathComponent(legacyFile.lastPathComponent).standardizedFileURL }
    }

    /// Runs the relocation and says which file to open. Never throws: every failure is either absorbed by the
    /// legacy path (before the main file moved) or reported as a pending sidecar (after).
    public func run() -> RelocationResult {
        observe(.started)
        let result = relocate()
        observe(.finished)
        return result
    }

    private func relocate() -> RelocationResult {
        guard let container, let destination = destinationFile else { return fallback(.noContainer) }
        guard fileSystem.kind(atPath: container.path) == .directory else {
            return fallback(.containerMissing(path: container.path))
        }
        let legacy = legacyFile.standardizedFileURL
        if isSameFolder(legacy.deletingLastPathComponent(), container) {
            observe(.decided)
            return RelocationResult(path: legacy, location: .destination, moved: false)
        }
        let sourceKind = fileSystem.kind(atPath: legacy.path)
        let destinationKind = fileSystem.kind(atPath: destination.path)
        guard sourceKind == .missing || sourceKind == .regularFile else {
            return fallback(.sourceUnreadable(detail: "\(legacy.path) is not a regular file"))
        }
        guard destinationKind == .missing || destinationKind == .regularFile else {
            return fallback(.destinationOccupied(detail: "\(destination.path) is not a regular file"))
        }
        switch (sourceKind == .regularFile, destinationKind == .regularFile) {
        case (false, true):
            // Moved by an earlier run (or created there): finish what an interruption may have left behind.
            observe(.decided)
            return finishSidecars(to: destination, movedMain: false)
        case (false, false):
            // No database anywhere yet: a new one belongs in the container.
            observe(.decided)
            return RelocationResult(path: destination, location: .destination, moved: false)
        case (true, false):
            observe(.decided)
            return move(to: destination, replacingEmptyDestination: false)
        case (true, true):
            if fileSystem.identity(atPath: legacy.path).map({ $0 == fileSystem.identity(atPath: destination.path) }) == true {
                // Two names for one file (a link): nothing to move.
                observe(.decided)
                return RelocationResult(path: destination, location: .destination, moved: false)
            }
            return decideBetweenTwoDatabases(destination: destination)
        }
    }

    /// Both locations hold a database: rows decide.
    private func decideBetweenTwoDatabases(destination: URL) -> RelocationResult {
        let sourceHoldsRows: Bool
        let destinationHoldsRows: Bool
        do {
            sourceHoldsRows = try access.holdsRows(atPath: legacyFile.standardizedFileURL.path)
        } catch {
            return fallback(.sourceUnreadable(detail: "\(error)"))
        }
        do {
            destinationHoldsRows = try access.holdsRows(atPath: destination.path)
        } catch {
            return fallback(.destinationUnreadable(detail: "\(error)"))
        }
        observe(.decided)
        switch (sourceHoldsRows, destinationHoldsRows) {
        case (true, true):
            return fallback(.conflict)
        case (false, true):
            // The container already holds the data; the empty legacy file is left as it is.
            return RelocationResult(path: destination, location: .destination, moved: false)
        case (_, false):
            return move(to: destination, replacingEmptyDestination: true)
        }
    }

    /// Settles the legacy database, clears an empty destination, renames the main file, then its sidecars.
    private func move(to destination: URL, replacingEmptyDestination: Bool) -> RelocationResult {
        let legacy = legacyFile.standardizedFileURL
        if !replacingEmptyDestination {
            for sidecar in [Sidecar.wal, .journal]
            where Sidecar.carriesTransactions(sidecar, atPath: sidecar.path(for: destination.path)) {
                return fallback(.destinationOccupied(
                    detail: "\(sidecar.path(for: destination.path)) exists without its database"
                ))
            }
        }
        do {
            try access.settle(atPath: legacy.path) { observe(.sourceOpened) }
        } catch {
            switch error {
            case .inUse(_, let detail): return fallback(.sourceInUse(detail: detail))
            case .failed(_, let detail): return fallback(.sourceNotSettled(detail: detail))
            }
        }
        observe(.sourceSettled)
        if replacingEmptyDestination, let failure = clearEmptyDestination(destination) {
            return fallback(failure)
        }
        do {
            try fileSystem.moveItem(atPath: legacy.path, toPath: destination.path)
        } catch {
            return fallback(.moveFailed(detail: error.description))
        }
        // The rename changed both folders: flush them, or a power cut could bring the file back to the legacy
        // folder (or lose it from both) after the app was told to open it at the destination.
        syncFolders(of: destination, legacy)
        observe(.mainMoved)
        return finishSidecars(to: destination, movedMain: true)
    }

    /// Removes a destination database that holds no rows: settled first (so none of its sidecars carries anything
    /// an interruption could strand), then its sidecars, then its main file. Returns why it could not.
    private func clearEmptyDestination(_ destination: URL) -> FallbackReason? {
        do {
            try access.settle(atPath: destination.path)
        } catch {
            switch error {
            case .inUse(_, let detail): return .destinationInUse(detail: detail)
            case .failed(_, let detail): return .destinationUnreadable(detail: detail)
            }
        }
        do {
            for sidecar in Sidecar.allCases where fileSystem.kind(atPath: sidecar.path(for: destination.path)) != .missing {
                try fileSystem.removeItem(atPath: sidecar.path(for: destination.path))
            }
            observe(.destinationSidecarsRemoved)
            try fileSystem.removeItem(atPath: destination.path)
        } catch {
            return .removeFailed(detail: error.description)
        }
        observe(.destinationCleared)
        return nil
    }

    /// After the main file is at the destination: moves each sidecar still in the legacy folder, unless the
    /// destination has its own. Never falls back.
    private func finishSidecars(to destination: URL, movedMain: Bool) -> RelocationResult {
        let legacy = legacyFile.standardizedFileURL
        var moved = movedMain
        var movedSidecar = false
        var pending: [PendingSidecar] = []
        for sidecar in Sidecar.allCases {
            let from = sidecar.path(for: legacy.path)
            guard fileSystem.kind(atPath: from) != .missing else { continue }
            let carries = Sidecar.carriesTransactions(sidecar, atPath: from)
            let to = sidecar.path(for: destination.path)
            guard fileSystem.kind(atPath: to) == .missing else {
                pending.append(PendingSidecar(sidecar: sidecar, path: from, state: .destinationHasOne, carriesTransactions: carries))
                continue
            }
            do {
                try fileSystem.moveItem(atPath: from, toPath: to)
                moved = true
                movedSidecar = true
                observe(.moved(sidecar))
            } catch {
                pending.append(PendingSidecar(
                    sidecar: sidecar, path: from, state: .moveFailed(reason: error.description), carriesTransactions: carries
                ))
            }
        }
        if movedSidecar { syncFolders(of: destination, legacy) } // the main file's move was flushed already
        return RelocationResult(path: destination, location: .destination, moved: moved, pendingSidecars: pending)
    }

    /// Flushes the folders holding `first` and `second` (once when they are the same folder).
    private func syncFolders(of first: URL, _ second: URL) {
        let folders = [first, second].map { $0.deletingLastPathComponent().standardizedFileURL.path }
        for (index, folder) in folders.enumerated() where !folders[..<index].contains(folder) {
            fileSystem.syncFolder(atPath: folder)
        }
    }

    private func fallback(_ reason: FallbackReason) -> RelocationResult {
        RelocationResult(path: legacyFile.standardizedFileURL, location: .legacy, moved: false, fallbackReason: reason)
    }

    private func isSameFolder(_ first: URL, _ second: URL) -> Bool {
        if first.standardizedFileURL.path == second.standardizedFileURL.path { return true }
        guard let firstIdentity = fileSystem.identity(atPath: first.path) else { return false }
        return firstIdentity == fileSystem.identity(atPath: second.path)
    }

    private func observe(_ step: RelocationStep) {
        observer?(step)
    }
}
