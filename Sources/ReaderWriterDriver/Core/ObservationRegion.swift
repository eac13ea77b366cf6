import SQLiteEngine

/// Table names as observation regions compare them: SQLite's names are case-insensitive.
typealias TableNames = Set<String>

/// Collects table names reported by an SQLite callback (the read authorizer or the update hook). Lives on one
/// connection's queue only, for the length of one access.
final class TableNameRecorder {
    private(set) var tables: TableNames = []
    /// How many rows the update hook reported.
    private(set) var rowCount = 0
    /// The last name recorded, so a run of rows of the same table costs no set insertion.
    private var lastTable = ""

    func record(_ table: String) {
        rowCount += 1
        guard table != lastTable else { return }
        lastTable = table
        tables.insert(table.lowercased())
    }
}

/// A write access in progress while observations are started: the rows changed so far, and which tables the update
/// hook saw them in.
struct ChangeTracking {
    let changesBefore: Int
    /// `nil` when nobody observed at the start of the access, or the engine has no update hook: the access then
    /// counts as changing every table.
    let recorder: TableNameRecorder?
}

extension ConnectionCore {
    /// Starts counting a write access's changes for the queue's or pool's observations (nothing without them).
    func beginChangeTracking() -> ChangeTracking? {
        guard let writeObserver else { return nil }
        guard writeObserver.hasObservers else { return ChangeTracking(changesBefore: engine.totalChanges, recorder: nil) }
        let recorder = TableNameRecorder()
        do {
            try engine.setUpdateHook { _, _, table, _ in recorder.record(table) }
        } catch {
            return ChangeTracking(changesBefore: engine.totalChanges, recorder: nil)
        }
        return ChangeTracking(changesBefore: engine.totalChanges, recorder: recorder)
    }

    /// Tells the observations which tables the access changed, if it changed rows.
    ///
    /// SQLite counts every row an INSERT, UPDATE or DELETE changes, triggers and foreign key actions included, and
    /// its update hook reports each of them, except rows of WITHOUT ROWID tables and rows a `DELETE` without `WHERE`
    /// removes at once (the truncate optimization). So when the hook saw fewer rows than SQLite counted, some
    /// changed table is unknown and the access counts as changing every table.
    func endChangeTracking(_ tracking: ChangeTracking?) {
        guard let tracking, let writeObserver else { return }
        if tracking.recorder != nil { try? engine.setUpdateHook(nil) }
        let changed = engine.totalChanges - tracking.changesBefore
        guard changed != 0 else { return }
        if let recorder = tracking.recorder, recorder.rowCount >= changed {
            writeObserver.writeDidChange(tables: recorder.tables)
        } else {
            writeObserver.writeDidChange(tables: nil)
        }
    }
}

extension Database {
    /// Runs `body` and returns what it returned with the tables its statements read (GRDB's database region, by
    /// table), or `nil` tables when the engine cannot tell (then every write counts).
    ///
    /// SQLite's authorizer reports the tables while statements are prepared; setting it expires the connection's
    /// prepared statements, so cached statements are prepared again inside `body` and report theirs too.
    func recordingReadTables<T>(_ body: () throws -> T) throws -> (value: T, tables: TableNames?) {
        preconditionAccessible()
        let recorder = TableNameRecorder()
        do {
            try core.engine.setReadAuthorizer { _, table in recorder.record(table) }
        } catch {
            return (try body(), nil)
        }
        defer { try? core.engine.setReadAuthorizer(nil) }
        let value = try body()
        return (value, recorder.tables)
    }
}
