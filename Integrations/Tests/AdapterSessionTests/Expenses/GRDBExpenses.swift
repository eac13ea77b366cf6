import Foundation
import GRDB
import GRDBSessions
import PersistenceSession

/// The expense tracker ported to GRDB with `Codable` records and a `DatabaseMigrator`, twice. ``Port/naive`` is the
/// port as written quickly: the app's models become records with GRDB's defaults, GRDB's configuration is left as
/// it is, and "did it change" comes from `updateChanges`. ``Port/fixed`` keeps what the SQLite.swift app stored and
/// answered: SQLite.swift's date text, the account's `Codable` columns as SQLite.swift's JSON text, an update that
/// leaves a `nil` optional alone, foreign keys as SQLite.swift left them (off), and "did it change" as SQLite's
/// count of rows the update matched.
struct GRDBExpenses: ExpensesWriting {
    enum Port: Sendable { case naive, fixed }

    // MARK: naive records (GRDB's defaults)

    /// `Account` as a record, as `extension Account: FetchableRecord, PersistableRecord` would make it.
    struct NaiveAccount: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "accounts"
        var account: Account
        init(_ account: Account) { self.account = account }
        init(from decoder: any Decoder) throws { account = try Account(from: decoder) }
        func encode(to encoder: any Encoder) throws { try account.encode(to: encoder) }
    }

    /// `Expense` as a record whose id is set on insert.
    struct NaiveExpense: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "expenses"
        var expense: Expense
        init(_ expense: Expense) { self.expense = expense }
        init(from decoder: any Decoder) throws { expense = try Expense(from: decoder) }
        func encode(to encoder: any Encoder) throws { try expense.encode(to: encoder) }
        mutating func didInsert(_ inserted: InsertionSuccess) { expense.id = inserted.rowID }
    }

    // MARK: fixed records (SQLite.swift's stored forms)

    /// An account as SQLite.swift's `Codable` support stores it: the enum and the URL as JSON text (`"card"` with
    /// its quotes, `"https:\/\/…"`), the date as SQLite.swift's date text.
    struct FixedAccount: FetchableRecord, PersistableRecord {
        static let databaseTableName = "accounts"
        var account: Account
        init(_ account: Account) { self.account = account }

        init(row: Row) throws {
            let website: String? = row["website"]
            account = Account(
                id: row["id"], name: row["name"], kind: try Self.fromJSON(row["kind"]), currency: row["currency"],
                openedAt: try sqliteSwiftDate(row["openedAt"]), isArchived: row["isArchived"],
                website: try website.map { try Self.fromJSON($0) }
            )
        }

        func encode(to container: inout PersistenceContainer) throws {
            container["id"] = account.id
            container["name"] = account.name
            container["kind"] = try Self.json(account.kind)
            container["currency"] = account.currency
            container["openedAt"] = sqliteSwiftDates.string(from: account.openedAt)
            container["isArchived"] = account.isArchived
            container["website"] = try account.website.map(Self.json)
        }

        /// What SQLite.swift's `update(account)` sets: a `nil` optional is left as it was.
        var updatedColumns: Set<String> {
            var columns: Set<String> = ["id", "name", "kind", "currency", "openedAt", "isArchived"]
            if account.website != nil { columns.insert("website") }
            return columns
        }

        static func json(_ value: some Encodable) throws -> String {
            String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }

        static func fromJSON<T: Decodable>(_ text: String) throws -> T {
            try JSONDecoder().decode(T.self, from: Data(text.utf8))
        }
    }

    /// An expense with SQLite.swift's date text; its other columns are stored alike by both libraries.
    struct FixedExpense: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "expenses"
        var expense: Expense
        init(_ expense: Expense) { self.expense = expense }
        init(from decoder: any Decoder) throws { expense = try Expense(from: decoder) }
        func encode(to encoder: any Encoder) throws { try expense.encode(to: encoder) }
        mutating func didInsert(_ inserted: InsertionSuccess) { expense.id = inserted.rowID }
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            .formatted(sqliteSwiftDates)
        }
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .formatted(sqliteSwiftDates)
        }
    }

    struct ExpenseTag: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "expense_tags"
        var expenseID: Int64
        var tag: String
    }

    struct CategoryRow: Decodable, FetchableRecord {
        var category: ExpenseCategory
        var count: Int
        var totalCents: Int64
    }

    // MARK: schema and setup

    /// The schema as GRDB declares it; on the file the SQLite.swift app left, every table is already there.
    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "accounts", options: .ifNotExists) { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("currency", .text).notNull().defaults(to: "EUR")
                t.column("openedAt", .datetime).notNull()
                t.column("isArchived", .boolean).notNull().defaults(to: false)
                t.column("website", .text)
            }
            try db.create(table: "expenses", options: .ifNotExists) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("accountID", .text).notNull().references("accounts", onDelete: .cascade)
                t.column("amountCents", .integer).notNull()
                t.column("category", .integer).notNull()
                t.column("merchant", .text).notNull()
                t.column("spentAt", .datetime).notNull()
                t.column("reimbursedAt", .datetime)
                t.column("isReimbursable", .boolean).notNull().defaults(to: false)
                t.column("exchangeRate", .double).notNull().defaults(to: 1)
                t.column("receiptURL", .text)
                t.column("receiptThumbnail", .blob)
                t.column("note", .text)
            }
            try db.create(indexOn: "expenses", columns: ["accountID", "spentAt"], options: .ifNotExists)
            try db.create(table: "expense_tags", options: .ifNotExists) { t in
                t.column("expenseID", .integer).notNull().references("expenses", onDelete: .cascade)
                t.column("tag", .text).notNull()
                t.uniqueKey(["expenseID", "tag"])
            }
        }
        return migrator
    }

    static func setup(_ port: Port) -> GRDBSessionSetup<ExpensesRead, ExpensesWrite> {
        var configuration = Configuration()
        // SQLite.swift never turned foreign keys on: its file holds what they would have refused or cascaded.
        if port == .fixed { configuration.foreignKeysEnabled = false }
        var setup = GRDBSessionSetup<ExpensesRead, ExpensesWrite>(
            configuration: configuration,
            makeReadContext: { ExpensesRead(store: GRDBExpenses(unit: $0, port: port)) },
            makeWriteContext: { ExpensesWrite(store: GRDBExpenses(unit: $0, port: port)) }
        )
        setup.migrate = { writer in try migrator().migrate(writer) }
        return setup
    }

    let unit: StoreUnitOfWork<Database>
    let port: Port

    /// A date as a query argument, in the port's stored form.
    private func argument(_ date: Date) -> any DatabaseValueConvertible {
        port == .naive ? date : sqliteSwiftDates.string(from: date)
    }

    private func expenses(_ db: Database, _ request: QueryInterfaceRequest<NaiveExpense>) throws -> [Expense] {
        switch port {
        case .naive: try request.fetchAll(db).map(\.expense)
        case .fixed: try request.asRequest(of: FixedExpense.self).fetchAll(db).map(\.expense)
        }
    }

    // MARK: reads

    func account(_ id: String) throws -> Account? {
        try unit.run { db in
            switch port {
            case .naive: try NaiveAccount.fetchOne(db, key: id)?.account
            case .fixed: try FixedAccount.fetchOne(db, key: id)?.account
            }
        }
    }

    func accounts() throws -> [Account] {
        try unit.run { db in
            switch port {
            case .naive: try NaiveAccount.order(Column("name")).fetchAll(db).map(\.account)
            case .fixed: try FixedAccount.order(Column("name")).fetchAll(db).map(\.account)
            }
        }
    }

    func expense(_ id: Int64) throws -> Expense? {
        try unit.run { db in try expenses(db, NaiveExpense.filter(key: id)).first }
    }

    func expenses(inAccount accountID: String) throws -> [Expense] {
        try unit.run { db in
            try expenses(db, NaiveExpense.filter(Column("accountID") == accountID).order(Column("spentAt").desc, Column("id").desc))
        }
    }

    func expenses(since date: Date) throws -> [Int64] {
        try unit.run { db in
            try NaiveExpense.select(Column("id"), as: Int64.self)
                .filter(Column("spentAt") >= argument(date))
                .order(Column("spentAt"), Column("id"))
                .fetchAll(db)
        }
    }

    func lastSpentAt(inAccount accountID: String) throws -> Date? {
        try unit.run { db in
            let request = NaiveExpense.filter(Column("accountID") == accountID)
            switch port {
            case .naive:
                return try request.select(max(Column("spentAt")), as: Date.self).fetchOne(db)
            case .fixed:
                return try request.select(max(Column("spentAt")), as: String.self).fetchOne(db).map(sqliteSwiftDate)
            }
        }
    }

    func totalCents(inAccount accountID: String) throws -> Int64 {
        try unit.run { db in
            try NaiveExpense.filter(Column("accountID") == accountID)
                .select(sum(Column("amountCents")), as: Int64.self).fetchOne(db) ?? 0
        }
    }

    func convertedTotal() throws -> Double {
        try unit.run { db in
            try NaiveExpense.select(total(Column("amountCents") * Column("exchangeRate")), as: Double.self).fetchOne(db) ?? 0
        }
    }

    func categoryTotals() throws -> [CategoryTotal] {
        try unit.run { db in
            try CategoryRow.fetchAll(db, sql: """
                SELECT category, COUNT(*) AS count, SUM(amountCents) AS totalCents
                FROM expenses GROUP BY category ORDER BY category
                """).map { CategoryTotal(category: $0.category, count: $0.count, totalCents: $0.totalCents) }
        }
    }

    func awaitingReimbursement() throws -> [Int64] {
        try unit.run { db in
            try NaiveExpense.select(Column("id"), as: Int64.self)
                .filter(Column("isReimbursable") == true && Column("reimbursedAt") == nil)
                .order(Column("spentAt"), Column("id"))
                .fetchAll(db)
        }
    }

    func tags(of expenseID: Int64) throws -> [String] {
        try unit.run { db in
            try ExpenseTag.filter(Column("expenseID") == expenseID).order(Column("tag"))
                .select(Column("tag"), as: String.self).fetchAll(db)
        }
    }

    // MARK: writes

    func addAccount(_ account: Account) throws {
        try unit.run { db in
            switch port {
            case .naive: try NaiveAccount(account).insert(db)
            case .fixed: try FixedAccount(account).insert(db)
            }
        }
    }

    func updateAccount(_ account: Account) throws -> Bool {
        try unit.run { db in
            do {
                switch port {
                case .naive: try NaiveAccount(account).update(db)
                case .fixed:
                    let record = FixedAccount(account)
                    try record.update(db, columns: record.updatedColumns)
                }
                return true
            } catch RecordError.recordNotFound {
                return false
            }
        }
    }

    func deleteAccount(_ id: String) throws -> Bool {
        try unit.run { db in try NaiveAccount.deleteOne(db, key: id) }
    }

    func addExpense(_ expense: Expense) throws -> Int64 {
        try unit.run { db in
            switch port {
            case .naive:
                var record = NaiveExpense(expense)
                try record.insert(db)
                return record.expense.id!
            case .fixed:
                var record = FixedExpense(expense)
                try record.insert(db)
                return record.expense.id!
            }
        }
    }

    func markReimbursed(_ id: Int64, at date: Date) throws -> Bool {
        try unit.run { db in
            switch port {
            case .naive:
                guard var record = try NaiveExpense.fetchOne(db, key: id), record.expense.reimbursedAt == nil else {
                    return false
                }
                return try record.updateChanges(db) { $0.expense.reimbursedAt = date }
            case .fixed:
                return try FixedExpense.filter(key: id).filter(Column("reimbursedAt") == nil)
                    .updateAll(db, Column("reimbursedAt").set(to: argument(date))) > 0
            }
        }
    }

    func setReimbursable(_ id: Int64, _ isReimbursable: Bool) throws -> Bool {
        try unit.run { db in
            switch port {
            case .naive:
                guard var record = try NaiveExpense.fetchOne(db, key: id) else { return false }
                return try record.updateChanges(db) { $0.expense.isReimbursable = isReimbursable }
            case .fixed:
                return try FixedExpense.filter(key: id).updateAll(db, Column("isReimbursable").set(to: isReimbursable)) > 0
            }
        }
    }

    func addTag(_ tag: String, to expenseID: Int64) throws {
        try unit.run { db in try ExpenseTag(expenseID: expenseID, tag: tag).insert(db) }
    }
}

extension ExpenseCategory: DatabaseValueConvertible {}

/// SQLite.swift's stored date form (`yyyy-MM-dd'T'HH:mm:ss.SSS`, UTC).
let sqliteSwiftDates: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
    return formatter
}()

/// A date read back as SQLite.swift reads it.
func sqliteSwiftDate(_ text: String) throws -> Date {
    guard let date = sqliteSwiftDates.date(from: text) else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not SQLite.swift's date text: \(text)"))
    }
    return date
}
