import MMEXModel
import ReaderWriterDriver
import SQLiteEngine

/// The MMEX work written the reader/writer driver's way: SQL, a hand-written `FetchableRecord` reading columns by
/// index, cursors. The same functions run inside a queue's and a pool's `read`.
enum MMEXReaderWriterWork {
    static func load(_ db: Database) throws -> [AccountTransaction] {
        try Array(TransactionRecord.fetchCursor(db, sql: MMEXWork.loadSQL).map(\.value))
    }

    static func stream(_ db: Database) throws -> (rows: Int, checksum: Int64) {
        var rows = 0
        var sum: Int64 = 0
        try TransactionRecord.fetchCursor(db, sql: MMEXWork.loadSQL).forEach { record in
            sum &+= MMEXWork.checksum(record.value)
            rows += 1
        }
        return (rows, sum)
    }

    /// One `fetchOne` per id: the statement is compiled once and taken from the connection's cache after that.
    static func lookUp(_ db: Database, _ ids: [Int64]) throws -> [AccountTransaction] {
        var found: [AccountTransaction] = []
        for id in ids {
            if let record = try TransactionRecord.fetchOne(db, sql: MMEXWork.lookupSQL, arguments: [id]) {
                found.append(record.value)
            }
        }
        return found
    }

    static func balances(_ db: Database) throws -> MMEXWork.Balances {
        var balances = MMEXWork.Balances()
        try Row.fetchCursor(db, sql: MMEXWork.initialBalancesSQL).forEach { row in
            balances.addInitial(account: row[0], amount: row[1])
        }
        try Row.fetchCursor(db, sql: MMEXWork.flowsSQL, arguments: arguments(MMEXWork.countedArguments)).forEach { row in
            balances.addFlow(account: row[0], code: row[1], total: row[2])
        }
        let transfersIn = arguments(MMEXWork.transfersInArguments)
        try Row.fetchCursor(db, sql: MMEXWork.transfersInSQL, arguments: transfersIn).forEach { row in
            balances.addTransferIn(account: row[0], total: row[1])
        }
        return balances
    }

    static func monthly(_ db: Database) throws -> [MMEXWork.MonthTotal] {
        try Array(Row.fetchCursor(db, sql: MMEXWork.monthlySQL, arguments: arguments(MMEXWork.monthlyArguments)).map { row in
            MMEXWork.MonthTotal(month: row[0] ?? "", code: row[1], total: row[2])
        })
    }

    static func arguments(_ texts: [String]) -> StatementArguments {
        StatementArguments(texts.map { SQLiteValue.text($0) })
    }
}

/// `AccountTransaction` as a reader/writer record, decoded by index (columns in ``MMEXWork/transactionColumns``
/// order). A wrapper, because the model module knows no driver.
struct TransactionRecord: FetchableRecord {
    let value: AccountTransaction

    init(row: Row) throws {
        value = AccountTransaction(
            id: row[0], accountId: row[1], toAccountId: row[2], payeeId: row[3],
            code: TransactionCode(rawValue: row[4]), amount: try Self.amount(row[5]),
            status: (row[6] as String?).map(TransactionStatus.init(rawValue:)), number: row[7],
            notes: row[8], categoryId: row[9], date: (row[10] as String?).map(MMEXDate.init(rawValue:)),
            lastUpdatedTime: (row[11] as String?).map(MMEXDate.init(rawValue:)),
            deletedTime: (row[12] as String?).map(MMEXDate.init(rawValue:)), followUpId: row[13],
            toAmount: try (row[14] as SQLiteValue?).flatMap { $0 == .null ? nil : try Self.amount($0) },
            color: row[15])
    }

    /// A `numeric` column as stored.
    static func amount(_ value: SQLiteValue) throws -> Amount {
        switch value {
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .null, .blob: throw BenchDataError.unexpected("NULL or a blob in a NOT NULL numeric column")
        }
    }
}
