import SQLiteCipher
import Foundation

/// The file bridge between an app and a second process (a widget) that shows a summary of the app's database.
///
/// The app publishes a ``SnapshotSummary`` next to the database after it writes; the reader uses the snapshot only
/// when it is complete, valid and from the current day, and otherwise computes the summary from the database
/// itself (read-only, changing nothing). A publish is atomic: the document is written to a temporary file in the
/// same folder, flushed to disk, then renamed over the snapshot, so a reader sees the old snapshot or the new one,
/// never a mix; a temporary file a crash leaves behind is never read.
public enum SnapshotBridge {
    /// Where the snapshot of a database lives by default: `DATABASE.snapshot.json`, next to it.
    public static func defaultPath(forDatabase path: String) -> String { path + ".snapshot.json" }

    /// Why a reader fell back to the database.
    public enum FallbackReason: Error, Sendable, Equatable, CustomStringConvertible {
        /// There is no snapshot file.
        case missing
        /// The snapshot was generated on another day than the reader's today.
        case stale(generatedAt: Date)
        /// The file is not a complete, valid snapshot (truncated, not JSON, wrong format).
        case invalid(String)

        public var description: String {
            switch self {
            case .missing: "no snapshot"
            case .stale(let date): "snapshot from another day (\(ISO8601DateFormatter().string(from: date)))"
            case .invalid(let reason): "invalid snapshot (\(reason))"
            }
        }
    }

    /// Where a reader's summary came from.
    public enum Source: Sendable, Equatable {
        case snapshot
        case database(FallbackReason)
    }

    /// What a reader gets: a summary and where it came from.
    public struct Reading: Sendable, Equatable {
        /// The summary to show.
        public let summary: SnapshotSummary
        /// Whether it came from the snapshot or, and why, from the database.
        public let source: Source
    }

    /// Writes `summary` to `path` atomically (temporary file, fsync, rename, fsync of the folder).
    public static func publish(_ summary: SnapshotSummary, to path: String) throws {
        let data = try summary.encoded()
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)").path
        removeAbandonedTemporaries(of: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw SnapshotWriteError(path: temporary, errno: errno) }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = write(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return fsync(fd) == 0
        }
        let writeErrno = errno
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let failure = SnapshotWriteError(path: path, errno: ok ? errno : writeErrno)
            unlink(temporary)
            throw failure
        }
        UpgradeBackup.flushFolder(of: path)
    }

    /// Computes the summary of the database at `databasePath` and publishes it to `snapshotPath`.
    @discardableResult
    public static func publish(
        database databasePath: String, to snapshotPath: String? = nil, access: DatabaseAccess = .plain,
        now: Date = Date(), calendar: Calendar = .current
    ) throws -> SnapshotSummary {
        let summary = try computeSummary(database: databasePath, access: access, now: now, calendar: calendar)
        try publish(summary, to: snapshotPath ?? defaultPath(forDatabase: databasePath))
        return summary
    }

    /// The snapshot at `path` if it is complete, valid and generated on `now`'s day in `calendar`.
    public static func loadSnapshot(at path: String, now: Date, calendar: Calendar) -> Result<SnapshotSummary, FallbackReason> {
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.missing) }
        let summary: SnapshotSummary
        do {
            summary = try SnapshotSummary.decode(data)
        } catch {
            return .failure(.invalid(String(describing: error).prefix(200).description))
        }
        guard calendar.isDate(summary.generatedAt, inSameDayAs: now) else {
            return .failure(.stale(generatedAt: summary.generatedAt))
        }
        return .success(summary)
    }

    /// What a widget shows: the snapshot when it is usable, else the summary computed from the database.
    public static func read(
        database databasePath: String, snapshot snapshotPath: String? = nil, access: DatabaseAccess = .plain,
        now: Date = Date(), calendar: Calendar = .current
    ) throws -> Reading {
        switch loadSnapshot(at: snapshotPath ?? defaultPath(forDatabase: databasePath), now: now, calendar: calendar) {
        case .success(let summary):
            return Reading(summary: summary, source: .snapshot)
        case .failure(let reason):
            let summary = try computeSummary(database: databasePath, access: access, now: now, calendar: calendar)
            return Reading(summary: summary, source: .database(reason))
        }
    }

    /// The summary computed from the database, opened read-only so neither it nor its sidecars change.
    public static func computeSummary(
        database path: String, access: DatabaseAccess = .plain, now: Date, calendar: Calendar
    ) throws -> SnapshotSummary {
        let database = try access.openReadOnly(try FileProbe.examine(path))
        return try SnapshotCalculator.summary(
            of: database.connection, databaseName: URL(fileURLWithPath: path).lastPathComponent, now: now,
            calendar: calendar
        )
    }

    /// Removes temporary files of this snapshot older than ten minutes (a publisher that crashed mid-write); a
    /// younger one may belong to a publish still running in another process.
    private static func removeAbandonedTemporaries(of path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let item = folder.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: item.path)[.modificationDate]) as? Date
            if let modified, modified < Date().addingTimeInterval(-600) { try? FileManager.default.removeItem(at: item) }
        }
    }
}

/// A snapshot that could not be written.
public struct SnapshotWriteError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    public let path: String
    /// The system error number.
    public let errno: Int32
    public var description: String { "\(path): cannot write the snapshot (\(String(cString: strerror(errno))))" }
}
