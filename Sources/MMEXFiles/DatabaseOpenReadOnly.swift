import SQLiteCipher

extension DatabaseAccess {
    /// Opens a probed file for reading without changing it or its sidecars (see ``ReadOnlyDatabase``), then runs
    /// the access's `prepare` closure.
    public func openReadOnly(_ probe: FileProbe) throws -> ReadOnlyDatabase {
        let database = keyed
            ? try ReadOnlyDatabase.open(probe, library: library, vfs: vfs, cipher: cipher, key: key)
            : try ReadOnlyDatabase.open(probe, library: library, vfs: vfs)
        try prepare?(database.connection)
        return database
    }
}
