import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

/// `INFOTABLE_V1` on the reader/writer driver: SQL run on the `db` handle of the unit of work, rows fetched into
/// records, statements cached per connection.
///
/// Same contract as the legacy repository: names compared with an explicit `COLLATE NOCASE` (MMEX 0.9.7 declares
/// `INFONAME` without it), the lowest `INFOID` wins among several spellings, an existing entry keeps its id and
/// spelling, a new one gets a minted id.
struct ReaderWriterInfoTableRepository: InfoTableRepository {
    let unit: ReaderWriterUnit

    func entries() throws -> [InfoEntry] {
        try unit.run { db in
            try InfoEntryRecord.fetchAll(db.cachedStatement(sql: InfoEntryRecord.selection + " ORDER BY INFOID"))
                .map(\.entry)
        }
    }

    func entry(for key: InfoKey) throws -> InfoEntry? {
        try unit.run { db in
            let statement = try db.cachedStatement(
                sql: InfoEntryRecord.selection + " WHERE INFONAME = ? COLLATE NOCASE ORDER BY INFOID LIMIT 1"
            )
            return try InfoEntryRecord.fetchOne(statement, arguments: [key.rawValue])?.entry
        }
    }

    func setValue(_ value: String, for key: InfoKey) throws -> InfoEntry {
        if var existing = try entry(for: key) {
            try unit.run { db in
                try db.execute(sql: "UPDATE INFOTABLE_V1 SET INFOVALUE = ? WHERE INFOID = ?", arguments: [value, existing.id])
            }
            existing.value = value
            return existing
        }
        return try unit.run { db in
            let id = try IdentifierMinting.newID(from: unit.minter, table: InfoEntry.tableName) { candidate in
                try Int64.fetchOne(db, sql: "SELECT INFOID FROM INFOTABLE_V1 WHERE INFOID = ?", arguments: [candidate]) != nil
            }
            try db.execute(
                sql: "INSERT INTO INFOTABLE_V1 (INFOID, INFONAME, INFOVALUE) VALUES (?, ?, ?)",
                arguments: [id, key.rawValue, value]
            )
            return InfoEntry(id: id, name: key.rawValue, value: value)
        }
    }

    func removeValue(for key: InfoKey) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "DELETE FROM INFOTABLE_V1 WHERE INFONAME = ? COLLATE NOCASE", arguments: [key.rawValue])
            return db.changesCount > 0
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.infoTable`).
extension InfoTableRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any InfoTableReading {
        ReaderWriterInfoTableRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any InfoTableRepository {
        ReaderWriterInfoTableRepository(unit: unit)
    }
}
