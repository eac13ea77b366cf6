import SQLiteEngine

/// Creates the MMEX version 21 tables and indexes a file lacks, empty, from `tables.sql`.
///
/// The upgrade scripts never create `SETTING_V1`, `USAGE_V1`, `ATTACHMENT_V1`, `CURRENCYHISTORY_V1` or
/// `STOCKHISTORY_V1`: MMEX desktop creates the tables its model layer uses whenever it opens a file (desktop keeps
/// settings and usage in its own settings file, which is why desktop's v21 files lack those two). An upgrade to 21
/// ends with this completion so the result has the full version 21 schema the iOS app creates; no default rows are
/// inserted and nothing that exists is changed.
enum SchemaCompletion {
    /// Creates what is missing; returns the names of the tables and indexes created.
    static func createMissing(on connection: EngineConnection) throws -> [String] {
        var existing = Set(try connection.rows("SELECT name FROM sqlite_master")
            .compactMap { $0.first?.textValue?.uppercased() })
        var created: [String] = []
        for definition in try MMEXReference.definitions() where !existing.contains(definition.name.uppercased()) {
            try connection.execute(definition.sql)
            existing.insert(definition.name.uppercased())
            if definition.kind == .table { created.append(definition.name) }
        }
        return created
    }
}
