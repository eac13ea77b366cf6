import LegacyDriver
@testable import MMEXLegacy
import MMEXModel

// Step 2: the legacy side. The repository on the query builder, and the key's conformance that vends it.

/// The toy notes on the legacy driver: the query builder on the session's retained connection.
struct LegacyToyRepository: ToyRepository {
    let unit: LegacyUnit
    private static let table = Table("DP_TOY_NOTE")
    private static let id = SQLExpression<Int64>("ID")
    private static let note = SQLExpression<String>("NOTE")

    func notes() throws -> [ToyNote] {
        try unit.run {
            guard try tableExists() else { return [] }
            return try unit.db.prepare(Self.table.order(Self.id)).map { row in
                ToyNote(id: try row.get(Self.id), text: try row.get(Self.note))
            }
        }
    }

    func add(_ text: String) throws -> ToyNote {
        try unit.run {
            try unit.db.execute(ToyNote.schema)
            let id = (try unit.db.scalar(Self.table.select(Self.id.max)) ?? 0) + 1
            try unit.db.run(Self.table.insert(Self.id <- id, Self.note <- text))
            return ToyNote(id: id, text: text)
        }
    }

    func removeAll() throws -> Int {
        try unit.run { try tableExists() ? try unit.db.run(Self.table.delete()) : 0 }
    }

    private func tableExists() throws -> Bool {
        try unit.db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'DP_TOY_NOTE'") as? Int64 == 1
    }
}

extension ToyRepositoryKey: LegacyReadableRepositoryKey {
    static func reading(in unit: LegacyUnit) -> any ToyReading { LegacyToyRepository(unit: unit) }
    static func writing(in unit: LegacyUnit) -> any ToyRepository { LegacyToyRepository(unit: unit) }
}
