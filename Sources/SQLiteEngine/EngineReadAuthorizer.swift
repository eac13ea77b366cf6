import CSQLite

extension EngineConnection {
    /// Tells `onRead` which tables the statements prepared from now on read, through SQLite's authorizer
    /// (`sqlite3_set_authorizer`): it gets the schema (`main`, `temp`, an attached name) and the table of every
    /// `SQLITE_READ` check, including a table read only for `count(*)` or through a view. Every action is allowed.
    ///
    /// Setting it makes SQLite expire this connection's prepared statements, so a cached statement is prepared again
    /// (and reports its tables) the next time it runs. `onRead` runs while a statement is prepared and must not use
    /// this connection. `nil` removes it. Only on the system engine.
    public func setReadAuthorizer(_ onRead: ((_ database: String, _ table: String) -> Void)?) throws(SQLiteError) {
        let db = try requireSystemLibrary("authorizers")
        guard let onRead else {
            sqlite3_set_authorizer(db, nil, nil)
            hookBoxes["authorizer"] = nil
            return
        }
        let box = ReadAuthorizerBox(onRead)
        sqlite3_set_authorizer(db, readAuthorizerCallback, Unmanaged.passUnretained(box).toOpaque())
        hookBoxes["authorizer"] = box  // released only after SQLite forgot the previous one
    }
}

private final class ReadAuthorizerBox {
    let onRead: (String, String) -> Void
    init(_ onRead: @escaping (String, String) -> Void) { self.onRead = onRead }
}

private func readAuthorizerCallback(
    _ data: UnsafeMutableRawPointer?, _ action: Int32, _ table: UnsafePointer<CChar>?, _ column: UnsafePointer<CChar>?,
    _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard action == SQLITE_READ, let data, let table else { return SQLITE_OK }
    let box = Unmanaged<ReadAuthorizerBox>.fromOpaque(data).takeUnretainedValue()
    box.onRead(database.map { String(cString: $0) } ?? "main", String(cString: table))
    return SQLITE_OK
}
