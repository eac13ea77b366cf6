import SQLiteEngine

extension DatabaseReader {
    /// Copies the whole database into `destination` with SQLite's online backup API, replacing its content.
    ///
    /// The copy is taken inside one read of this database (a consistent snapshot) and written in one
    /// `writeWithoutTransaction` of the destination. Both must use the same SQLite library; a WAL destination must
    /// have the same page size.
    public func backup(to destination: some DatabaseWriter) throws {
        try read { source in
            try destination.writeWithoutTransaction { target in
                try source.withEngineConnection { sourceConnection in
                    try target.withEngineConnection { targetConnection in
                        do {
                            try sourceConnection.backup(to: targetConnection)
                        } catch let error as SQLiteError {
                            throw DatabaseError(error)
                        }
                    }
                }
            }
        }
    }
}

extension DatabaseWriter {
    /// Writes a compacted copy of the database to a new file at `path` with `VACUUM INTO` (the path is bound, not
    /// spliced into SQL). The file must not exist. Needs SQLite 3.27 or later.
    public func vacuum(into path: String) throws {
        try writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [path])
        }
    }
}
