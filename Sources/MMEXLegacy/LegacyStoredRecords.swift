import Foundation
import LegacyDriver
import MMEXModel
import MMEXSessionSupport
import SQLiteEngine

/// An MMEX table as the query builder sees it for a record type: the `Table`, its columns as expressions, and the
/// conversions between the builder's rows and setters and the model's ``MMEXRecord`` values (slice 4 and 5 tables).
///
/// Values cross as they are stored: an `Amount` held as INTEGER is bound as `Int64`, a REAL as `Double`, text as
/// `String`, so a row written here has the storage classes the reader/writer side writes.
struct LegacyRecordTable<Record: MMEXRecord> {
    let table = Table(Record.tableName)

    /// A column by SQL name, for filters and ordering (the type only matters for the comparisons built on it).
    func column<V>(_ name: String, as type: V.Type = V.self) -> SQLExpression<V> {
        SQLExpression<V>(name)
    }

    /// The primary key.
    var id: SQLExpression<Int64> { SQLExpression<Int64>(Record.primaryKey.name) }

    /// Every v21 column, in the record's order (extra columns of desktop sync builds are not read).
    var selection: Table {
        table.select(Record.columnNames.map { SQLExpression<Void>($0) as any Expressible })
    }

    /// A row of ``selection`` as a record.
    func record(_ row: Row) throws -> Record {
        try Record(storedValues: row.values.map(LegacyValueBridge.stored))
    }

    /// One setter per column (the primary key included when `withId`), bound with the value's own storage class.
    func setters(_ record: Record, withId: Bool) throws -> [Setter] {
        let values = try record.storedValues()
        return zip(Record.columns, values).enumerated().compactMap { index, pair in
            index == 0 && !withId ? nil : Self.setter(pair.0.name, pair.1)
        }
    }

    static func setter(_ name: String, _ value: StoredValue) -> Setter {
        switch value {
        case .null: SQLExpression<String?>(name) <- nil as String?
        case .integer(let number): SQLExpression<Int64?>(name) <- number
        case .real(let number): SQLExpression<Double?>(name) <- number
        case .text(let text): SQLExpression<String?>(name) <- text
        case .blob(let bytes): SQLExpression<Data?>(name) <- Data(bytes)
        }
    }

    /// A fresh id for this table from the unit's minter, skipping ids in use.
    func newID(_ unit: LegacyUnit) throws -> Int64 {
        try IdentifierMinting.newID(from: unit.minter, table: Record.tableName) { candidate in
            try unit.db.pluck(table.select(id).filter(id == candidate)) != nil
        }
    }

    /// Inserts `record` (an unsaved one with a minted id) and returns it as stored.
    func insert(_ record: Record, _ unit: LegacyUnit) throws -> Record {
        var stored = record
        if stored.isUnsaved { stored.id = try newID(unit) }
        try unit.db.run(table.insert(try setters(stored, withId: true)))
        return stored
    }

    /// Writes every column of the row with `record.id`; returns whether it existed.
    @discardableResult
    func update(_ record: Record, _ unit: LegacyUnit) throws -> Bool {
        try unit.db.run(table.filter(id == record.id).update(try setters(record, withId: false))) > 0
    }
}

/// Values between the legacy engine and the model.
enum LegacyValueBridge {
    /// The engine's value as the model holds it.
    static func stored(_ value: SQLiteValue) -> StoredValue {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(bytes)
        }
    }
}
