import MMEXModel
@testable import MMEXReaderWriter
import ReaderWriterDriver

// Step 3: the reader/writer side. The repository in SQL on the unit's `db`, and the key's conformance that vends it.

/// The toy notes on the reader/writer driver (queue and pool): SQL on the `db` handle the unit of work lent.
struct ReaderWriterToyRepository: ToyRepository {
    let unit: ReaderWriterUnit

    func notes() throws -> [ToyNote] {
        try unit.run { db in
            guard try tableExists(db) else { return [] }
            return try Row.fetchAll(db, sql: "SELECT ID, NOTE FROM DP_TOY_NOTE ORDER BY ID").map { row in
                ToyNote(id: row[0], text: row[1])
            }
        }
    }

    func add(_ text: String) throws -> ToyNote {
        try unit.run { db in
            try db.execute(sql: ToyNote.schema)
            let id = (try Int64.fetchOne(db, sql: "SELECT max(ID) FROM DP_TOY_NOTE") ?? 0) + 1
            try db.execute(sql: "INSERT INTO DP_TOY_NOTE (ID, NOTE) VALUES (?, ?)", arguments: [id, text])
            return ToyNote(id: id, text: text)
        }
    }

    func removeAll() throws -> Int {
        try unit.run { db in
            guard try tableExists(db) else { return 0 }
            try db.execute(sql: "DELETE FROM DP_TOY_NOTE")
            return db.changesCount
        }
    }

    private func tableExists(_ db: Database) throws -> Bool {
        try Int64.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'DP_TOY_NOTE'") == 1
    }
}

extension ToyRepositoryKey: ReaderWriterReadableRepositoryKey {
    static func reading(in unit: ReaderWriterUnit) -> any ToyReading { ReaderWriterToyRepository(unit: unit) }
    static func writing(in unit: ReaderWriterUnit) -> any ToyRepository { ReaderWriterToyRepository(unit: unit) }
}
