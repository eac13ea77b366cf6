import MMEXModel
import SQLiteEngine
import Testing

@Suite("Record types match Schema/tables.sql")
struct SchemaConformanceTests {
    @Test("there is exactly one record type per table of the v21 schema")
    func oneRecordTypePerTable() throws {
        let database = try schemaDatabase()
        let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
            .map { row -> String in
                guard case .text(let name) = row[0] else { return "" }
                return name
            }
        #expect(tables.count == 25)
        #expect(Set(tables) == Set(MMEXTables.all.map { $0.tableName }))
        #expect(MMEXTables.all.map { $0.tableName } == tables, "MMEXTables.all keeps tables.sql order")
    }

    @Test("column names, order, declared storage and nullability match the schema", arguments: MMEXTables.all.map { $0.tableName })
    func columnsMatchSchema(table: String) throws {
        let type = try #require(MMEXTables.recordType(forTable: table))
        let database = try schemaDatabase()
        // cid, name, type, notnull, dflt_value, pk
        let info = try database.rows("PRAGMA table_info(\(quoteIdentifier(table)))")
        let names = info.map { $0[1] }
        #expect(names == type.columns.map { SQLiteValue.text($0.name) })
        for (row, column) in zip(info, type.columns) {
            guard case .text(let declared) = row[2], case .integer(let notNull) = row[3], case .integer(let pk) = row[5]
            else {
                Issue.record("unexpected table_info row \(row)")
                continue
            }
            #expect(declared.lowercased() == column.storage.rawValue, "\(table).\(column.name) declared \(declared)")
            if pk == 1 {
                #expect(column.field == "id" && !column.isNullable, "\(table).\(column.name) is the primary key")
                #expect(column == type.primaryKey)
            } else {
                #expect(column.isNullable == (notNull == 0), "\(table).\(column.name) nullability")
            }
        }
    }

    @Test("the primary key is the first column of every table and maps to id")
    func primaryKeyIsFirst() {
        for type in MMEXTables.all {
            #expect(type.columns.first?.field == "id", "\(type.tableName)")
            #expect(type.columns.filter { $0.field == "id" }.count == 1, "\(type.tableName)")
        }
    }

    @Test("column lookup by SQL name is case-insensitive and by field exact")
    func columnLookup() {
        #expect(InfoEntry.column(named: "infoname")?.field == "name")
        #expect(AccountTransaction.column(forField: "amount")?.name == "TRANSAMOUNT")
        #expect(CustomFieldValue.primaryKey.name == "FIELDATADID")
        #expect(Account.column(named: "nope") == nil)
    }

    @Test("SETTING_V1 and USAGE_V1 are the tables desktop and Android files lack")
    func optionalTables() {
        #expect(MMEXTables.optionalTables == ["SETTING_V1", "USAGE_V1"])
    }
}
