import CSQLite

/// The kind of row change an update hook reports.
public enum UpdateOperation: Sendable, Equatable {
    /// A row was inserted (`SQLITE_INSERT`).
    case insert
    /// A row was updated in place (`SQLITE_UPDATE`).
    case update
    /// A row was deleted (`SQLITE_DELETE`).
    case delete

    init?(code: Int32) {
        switch code {
        case SQLITE_INSERT: self = .insert
        case SQLITE_UPDATE: self = .update
        case SQLITE_DELETE: self = .delete
        default: return nil
        }
    }
}

extension EngineConnection {
    /// Calls `hook` for every row inserted, updated or deleted in a rowid table on this connection.
    ///
    /// It receives the operation, the schema name (`main`, `temp` or an attached name), the table name and the
    /// row's rowid. It runs inside the statement that changes the row, so it must not use this connection.
    /// `nil` removes the hook. Only on the system engine.
    public func setUpdateHook(
        _ hook: ((_ operation: UpdateOperation, _ database: String, _ table: String, _ rowid: Int64) -> Void)?
    ) throws(SQLiteError) {
        let db = try requireSystemLibrary("hooks")
        guard let hook else {
            sqlite3_update_hook(db, nil, nil)
            hookBoxes["update"] = nil
            return
        }
        let box = UpdateHookBox(hook)
        sqlite3_update_hook(db, updateHookCallback, Unmanaged.passUnretained(box).toOpaque())
        hookBoxes["update"] = box  // replaces (and releases) the previous hook only after SQLite forgot it
    }

    /// Calls `hook` just before each transaction commits; when it throws, SQLite rolls the transaction back
    /// instead and the `COMMIT` fails with `SQLITE_CONSTRAINT_COMMITHOOK`.
    ///
    /// It must not use this connection. `nil` removes the hook. Only on the system engine.
    public func setCommitHook(_ hook: (() throws -> Void)?) throws(SQLiteError) {
        let db = try requireSystemLibrary("hooks")
        guard let hook else {
            sqlite3_commit_hook(db, nil, nil)
            hookBoxes["commit"] = nil
            return
        }
        let box = CommitHookBox(hook)
        sqlite3_commit_hook(db, commitHookCallback, Unmanaged.passUnretained(box).toOpaque())
        hookBoxes["commit"] = box
    }

    /// Calls `hook` whenever a transaction rolls back (explicitly, after an error, or vetoed by the commit hook).
    ///
    /// It must not use this connection. `nil` removes the hook. Only on the system engine.
    public func setRollbackHook(_ hook: (() -> Void)?) throws(SQLiteError) {
        let db = try requireSystemLibrary("hooks")
        guard let hook else {
            sqlite3_rollback_hook(db, nil, nil)
            hookBoxes["rollback"] = nil
            return
        }
        let box = RollbackHookBox(hook)
        sqlite3_rollback_hook(db, rollbackHookCallback, Unmanaged.passUnretained(box).toOpaque())
        hookBoxes["rollback"] = box
    }
}

// MARK: Boxes (owned by the connection's `hookBoxes`; SQLite holds unretained pointers to them)

private final class UpdateHookBox {
    let hook: (UpdateOperation, String, String, Int64) -> Void
    init(_ hook: @escaping (UpdateOperation, String, String, Int64) -> Void) { self.hook = hook }
}

private final class CommitHookBox {
    let hook: () throws -> Void
    init(_ hook: @escaping () throws -> Void) { self.hook = hook }
}

private final class RollbackHookBox {
    let hook: () -> Void
    init(_ hook: @escaping () -> Void) { self.hook = hook }
}

// MARK: C callbacks

private func updateHookCallback(
    _ data: UnsafeMutableRawPointer?, _ code: Int32, _ database: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
    _ rowid: Int64
) {
    guard let data, let operation = UpdateOperation(code: code) else { return }
    let box = Unmanaged<UpdateHookBox>.fromOpaque(data).takeUnretainedValue()
    box.hook(operation, database.map { String(cString: $0) } ?? "", table.map { String(cString: $0) } ?? "", rowid)
}

private func commitHookCallback(_ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let data else { return 0 }
    let box = Unmanaged<CommitHookBox>.fromOpaque(data).takeUnretainedValue()
    do {
        try box.hook()
        return 0
    } catch {
        return 1  // non-zero: SQLite turns the commit into a rollback
    }
}

private func rollbackHookCallback(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<RollbackHookBox>.fromOpaque(data).takeUnretainedValue().hook()
}
