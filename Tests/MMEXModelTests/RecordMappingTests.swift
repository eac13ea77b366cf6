import Foundation
import MMEXModel
import SQLiteEngine
import Testing

@Suite("Records map to and from column values")
struct RecordMappingTests {
    static let tables = MMEXTables.all.map { $0.tableName }

    private func decode<R: MMEXRecord>(_ type: R.Type, _ values: [StoredValue]) throws(RecordMappingError) -> R {
        try R(storedValues: values)
    }

    private func roundTrip<R: MMEXRecord>(_ type: R.Type, _ values: [StoredValue]) throws -> [StoredValue] {
        try R(storedValues: values).storedValues()
    }

    @Test("every record type reads a full row and writes the same values back", arguments: tables)
    func roundTripsEveryColumn(table: String) throws {
        let type = try #require(MMEXTables.recordType(forTable: table))
        let values = sampleValues(for: type)
        #expect(try roundTrip(type, values) == values)
    }

    @Test("a NULL decodes exactly where the schema allows NULL, so optional fields are the nullable columns", arguments: tables)
    func optionalityMatchesNullability(table: String) throws {
        let type = try #require(MMEXTables.recordType(forTable: table))
        for (index, column) in type.columns.enumerated() {
            var values = sampleValues(for: type)
            values[index] = .null
            do {
                _ = try decode(type, values)
                #expect(column.isNullable, "\(table).\(column.name) decoded a NULL but is NOT NULL")
            } catch {
                #expect(!column.isNullable, "\(table).\(column.name) refused a NULL but is nullable")
                #expect(error.column == column.name)
                #expect(error.reason == .nullInNotNullColumn)
            }
        }
    }

    @Test("JSON keys of every record are the documented Swift field names", arguments: tables)
    func codableKeysAreFieldNames(table: String) throws {
        let type = try #require(MMEXTables.recordType(forTable: table))
        let record = try decode(type, sampleValues(for: type))
        let json = try JSONEncoder().encode(record)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == Set(type.columns.map(\.field)))
    }

    @Test("a value in the wrong storage class is refused with the table, column and field named")
    func wrongStorageIsNamed() throws {
        var values = sampleValues(for: Account.self)
        values[13] = .text("1")  // CURRENCYID
        let error = #expect(throws: RecordMappingError.self) { try Account(storedValues: values) }
        #expect(error?.column == "CURRENCYID")
        #expect(error?.field == "currencyId")
        #expect(error?.reason == .wrongStorage(expected: "integer", found: "text"))
        #expect(error?.description == "ACCOUNTLIST_V1.CURRENCYID (field currencyId): expected integer, found text")
        let short = #expect(throws: RecordMappingError.self) { try Tag(storedValues: [.integer(1)]) }
        #expect(short?.reason == .valueCount(expected: 3, found: 1))
    }

    /// A record whose `init(from:)` reads its fields in another order than its columns, one of them twice.
    struct Shuffled: MMEXRecord {
        static let tableName = "DP_SHUFFLED"
        static let columns: [MMEXColumn] = [
            MMEXColumn("ID", field: "id", .integer),
            MMEXColumn("NAME", field: "name", .text),
            MMEXColumn("AMOUNT", field: "amount", .numeric, nullable: true),
            MMEXColumn("CODE", field: "code", .text),
        ]
        var id: Int64
        var name: String
        var amount: Amount?
        var code: TransactionCode

        enum CodingKeys: String, CodingKey { case id, name, amount, code }

        init(id: Int64, name: String, amount: Amount?, code: TransactionCode) {
            self.id = id
            self.name = name
            self.amount = amount
            self.code = code
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decode(TransactionCode.self, forKey: .code)
            amount = try container.decodeIfPresent(Amount.self, forKey: .amount)
            id = try container.decode(Int64.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            _ = try container.decode(TransactionCode.self, forKey: .code)
        }
    }

    @Test("fields read out of column order, or twice, get their own columns' values")
    func fieldsReadOutOfOrder() throws {
        let record = try Shuffled(storedValues: [.integer(4), .text("four"), .real(2.5), .text("Transfer")])
        #expect(record == Shuffled(id: 4, name: "four", amount: .real(2.5), code: .transfer))
        #expect(try Shuffled(storedValues: [.integer(5), .text("five"), .null, .text("Deposit")]).amount == nil)
        let error = #expect(throws: RecordMappingError.self) {
            try Shuffled(storedValues: [.integer(4), .integer(4), .real(2.5), .text("Transfer")])
        }
        #expect(error?.column == "NAME")
        #expect(error?.reason == .wrongStorage(expected: "text", found: "integer"))
    }

    @Test("an amount, a date or a code in the wrong storage class is refused with its column named")
    func modelFieldTypesRefuseWrongStorage() throws {
        let cases: [(column: String, value: StoredValue, expected: String, found: String)] = [
            ("TRANSAMOUNT", .blob([1]), "number", "blob"),
            ("TRANSDATE", .integer(20_240_101), "text", "integer"),
            ("TRANSCODE", .integer(1), "text", "integer"),
            ("STATUS", .real(1), "text", "real"),
        ]
        for item in cases {
            var values = sampleValues(for: AccountTransaction.self)
            let index = try #require(AccountTransaction.columns.firstIndex { $0.name == item.column })
            values[index] = item.value
            let error = #expect(throws: RecordMappingError.self) { try AccountTransaction(storedValues: values) }
            #expect(error?.column == item.column)
            #expect(error?.reason == .wrongStorage(expected: item.expected, found: item.found))
        }
    }

    @Test("numeric columns keep INTEGER, REAL and TEXT as stored")
    func numericKeepsStorageClass() throws {
        for stored: StoredValue in [.integer(3200), .real(4.2), .text("n/a")] {
            let split = try TransactionSplit(storedValues: [.integer(1), .integer(2), .null, stored, .null])
            #expect(try split.storedValues()[3] == stored)
        }
    }

    @Test("every record type survives a trip through a real v21 database", arguments: tables)
    func survivesRealDatabase(table: String) throws {
        let type = try #require(MMEXTables.recordType(forTable: table))
        let database = try schemaDatabase()
        let values = sampleValues(for: type)
        let names = type.columnNames.map(quoteIdentifier).joined(separator: ", ")
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        try database.run("DELETE FROM \(quoteIdentifier(table))")
        try database.run("INSERT INTO \(quoteIdentifier(table)) (\(names)) VALUES (\(marks))", values.map(\.engineValue))
        let rows = try database.rows("SELECT \(names) FROM \(quoteIdentifier(table))")
        #expect(rows.count == 1)
        let read = try #require(rows.first).map(StoredValue.init)
        #expect(try roundTrip(type, read) == values)
    }

    @Test("the sample transactions of the fixture read with their stored dates and amounts")
    func transactionShapes() throws {
        let database = try schemaDatabase()
        try database.execute("""
            INSERT INTO CHECKINGACCOUNT_V1 (TRANSID, ACCOUNTID, PAYEEID, TRANSCODE, TRANSAMOUNT, STATUS, TRANSDATE)
            VALUES (1717171717000456, 1, 2, 'Withdrawal', 0.1, '', '2024-02-01T00:00:00'),
                   (2, 1, 2, 'Dividend', 100.0, 'X', '2024-02-02');
            """)
        let names = AccountTransaction.columnNames.joined(separator: ", ")
        let rows = try database.rows("SELECT \(names) FROM CHECKINGACCOUNT_V1 ORDER BY TRANSID")
        let records = try rows.map { try AccountTransaction(storedValues: $0.map(StoredValue.init)) }
        #expect(records[0].id == 2)
        #expect(records[0].code == .unknown("Dividend"))
        #expect(records[0].status == .unknown("X"))
        #expect(records[0].amount == .integer(100), "SQLite stores 100.0 in a numeric column as INTEGER 100")
        #expect(records[1].id == 1_717_171_717_000_456)
        #expect(records[1].amount == .real(0.1))
        #expect(records[1].status == .unreconciled)
        #expect(records[1].date?.rawValue == "2024-02-01T00:00:00")
        #expect(records[1].date?.day == CalendarDay(year: 2024, month: 2, day: 1))
    }
}
