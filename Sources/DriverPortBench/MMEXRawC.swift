import CSQLite
import MMEXModel

/// The MMEX work with hand-written C API calls: the baseline of cases 3 and 6.
extension RawC {
    /// Every transaction as an `AccountTransaction`.
    func loadTransactions() throws -> [AccountTransaction] {
        let statement = try prepare(MMEXWork.loadSQL)
        defer { sqlite3_finalize(statement) }
        var transactions: [AccountTransaction] = []
        while true {
            let rc = sqlite3_step(statement)
            guard rc == SQLITE_ROW else {
                if rc == SQLITE_DONE { break }
                throw lastError()
            }
            transactions.append(try Self.transaction(statement))
        }
        return transactions
    }

    /// Folds every transaction into a checksum without keeping them (the memory probe's streamed scan).
    func streamTransactions() throws -> (rows: Int, checksum: Int64) {
        let statement = try prepare(MMEXWork.loadSQL)
        defer { sqlite3_finalize(statement) }
        var rows = 0
        var sum: Int64 = 0
        while true {
            let rc = sqlite3_step(statement)
            guard rc == SQLITE_ROW else {
                if rc == SQLITE_DONE { break }
                throw lastError()
            }
            sum &+= MMEXWork.checksum(try Self.transaction(statement))
            rows += 1
        }
        return (rows, sum)
    }

    /// The transactions with these ids, looked up one by one with one prepared statement, in one read transaction.
    func lookUpTransactions(_ ids: [Int64]) throws -> [AccountTransaction] {
        let statement = try prepare(MMEXWork.lookupSQL)
        defer { sqlite3_finalize(statement) }
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        var found: [AccountTransaction] = []
        for id in ids {
            sqlite3_bind_int64(statement, 1, id)
            let rc = sqlite3_step(statement)
            if rc == SQLITE_ROW {
                found.append(try Self.transaction(statement))
            } else if rc != SQLITE_DONE {
                sqlite3_reset(statement)
                throw lastError()
            }
            sqlite3_reset(statement)
        }
        return found
    }

    /// Account balances from the flows, transfers-in and initial-balance queries.
    func balances() throws -> MMEXWork.Balances {
        var balances = MMEXWork.Balances()
        try rows(MMEXWork.initialBalancesSQL, []) { statement in
            balances.addInitial(account: sqlite3_column_int64(statement, 0), amount: sqlite3_column_double(statement, 1))
        }
        try rows(MMEXWork.flowsSQL, MMEXWork.countedArguments) { statement in
            balances.addFlow(
                account: sqlite3_column_int64(statement, 0), code: try Self.text(statement, 1),
                total: sqlite3_column_double(statement, 2))
        }
        try rows(MMEXWork.transfersInSQL, MMEXWork.transfersInArguments) { statement in
            let account = sqlite3_column_type(statement, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 0)
            balances.addTransferIn(account: account, total: sqlite3_column_double(statement, 1))
        }
        return balances
    }

    /// The monthly income and expense report.
    func monthlyTotals() throws -> [MMEXWork.MonthTotal] {
        var months: [MMEXWork.MonthTotal] = []
        try rows(MMEXWork.monthlySQL, MMEXWork.monthlyArguments) { statement in
            months.append(MMEXWork.MonthTotal(
                month: Self.optionalText(statement, 0) ?? "", code: try Self.text(statement, 1),
                total: sqlite3_column_double(statement, 2)))
        }
        return months
    }

    /// Runs one query with text arguments, calling `body` for each row.
    private func rows(_ sql: String, _ arguments: [String], _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        for (offset, argument) in arguments.enumerated() {
            sqlite3_bind_text(statement, Int32(offset + 1), argument, -1, rawTransient)
        }
        while true {
            let rc = sqlite3_step(statement)
            guard rc == SQLITE_ROW else {
                if rc == SQLITE_DONE { return }
                throw lastError()
            }
            try body(statement)
        }
    }

    // MARK: Columns

    /// The transaction in the statement's current row (columns in ``MMEXWork/transactionColumns`` order).
    @inline(__always)
    static func transaction(_ s: OpaquePointer) throws -> AccountTransaction {
        AccountTransaction(
            id: sqlite3_column_int64(s, 0), accountId: sqlite3_column_int64(s, 1), toAccountId: optionalInteger(s, 2),
            payeeId: sqlite3_column_int64(s, 3), code: TransactionCode(rawValue: try text(s, 4)),
            amount: try amount(s, 5), status: optionalText(s, 6).map(TransactionStatus.init(rawValue:)),
            number: optionalText(s, 7), notes: optionalText(s, 8), categoryId: optionalInteger(s, 9),
            date: optionalText(s, 10).map(MMEXDate.init(rawValue:)),
            lastUpdatedTime: optionalText(s, 11).map(MMEXDate.init(rawValue:)),
            deletedTime: optionalText(s, 12).map(MMEXDate.init(rawValue:)), followUpId: optionalInteger(s, 13),
            toAmount: sqlite3_column_type(s, 14) == SQLITE_NULL ? nil : try amount(s, 14),
            color: optionalInteger(s, 15))
    }

    @inline(__always)
    static func optionalInteger(_ s: OpaquePointer, _ index: Int32) -> Int64? {
        sqlite3_column_type(s, index) == SQLITE_NULL ? nil : sqlite3_column_int64(s, index)
    }

    @inline(__always)
    static func optionalText(_ s: OpaquePointer, _ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(s, index) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(s, index))), as: UTF8.self)
    }

    @inline(__always)
    static func text(_ s: OpaquePointer, _ index: Int32) throws -> String {
        guard let text = optionalText(s, index) else { throw BenchDataError.unexpected("NULL in a NOT NULL text column") }
        return text
    }

    /// A `numeric` column as it is stored: INTEGER, REAL or TEXT.
    @inline(__always)
    static func amount(_ s: OpaquePointer, _ index: Int32) throws -> Amount {
        switch sqlite3_column_type(s, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(s, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(s, index))
        case SQLITE_TEXT: .text(try text(s, index))
        default: throw BenchDataError.unexpected("NULL or a blob in a NOT NULL numeric column")
        }
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns.
let rawTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
