extension EngineConnection {
    /// Copies this database, page by page, into another connection's database with SQLite's online backup API.
    ///
    /// Both connections must come from the same library. The destination's previous content is replaced.
    public func backup(to destination: EngineConnection, sourceName: String = "main", destinationName: String = "main")
        throws(SQLiteError)
    {
        guard destination.library === library else {
            throw SQLiteError(extendedCode: ResultCode.misuse, message: "backup between two different SQLite libraries")
        }
        let source = try openHandle(sql: nil)
        let target = try destination.openHandle(sql: nil)
        let backup = destinationName.withCString { dName in
            sourceName.withCString { sName in api.backupInit(target, dName, source, sName) }
        }
        guard let backup else { throw destination.lastError() }
        let stepRC = api.backupStep(backup, -1)
        let finishRC = api.backupFinish(backup)
        if stepRC != ResultCode.done { throw SQLiteError(extendedCode: stepRC, message: "backup failed") }
        if finishRC != ResultCode.ok { throw destination.lastError() }
    }
}
