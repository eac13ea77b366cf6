import Foundation
import PersistenceSession
import SQLite
import SQLiteSwiftSessions

/// The expense tracker as written on SQLite.swift with its defaults: accounts go in and out through SQLite.swift's
/// `Codable` support (`insert(account)`, `update(account)`, `row.decode()`), expenses through typed expressions and
/// setters, the category a `Value` by raw value; foreign keys are left as SQLite leaves them.
struct SQLiteSwiftExpenses: ExpensesWriting {
    static let accounts = SQLite.Table("accounts")
    static let expenses = SQLite.Table("expenses")
    static let expenseTags = SQLite.Table("expense_tags")

    // accounts
    static let accountKey = SQLite.Expression<String>("id")
    static let name = SQLite.Expression<String>("name")
    static let kind = SQLite.Expression<String>("kind")
    static let currency = SQLite.Expression<String>("currency")
    static let openedAt = SQLite.Expression<Date>("openedAt")
    static let isArchived = SQLite.Expression<Bool>("isArchived")
    static let website = SQLite.Expression<URL?>("website")

    // expenses
    static let expenseKey = SQLite.Expression<Int64>("id")
    static let accountID = SQLite.Expression<String>("accountID")
    static let amountCents = SQLite.Expression<Int64>("amountCents")
    static let category = SQLite.Expression<ExpenseCategory>("category")
    static let merchant = SQLite.Expression<String>("merchant")
    static let spentAt = SQLite.Expression<Date>("spentAt")
    static let reimbursedAt = SQLite.Expression<Date?>("reimbursedAt")
    static let isReimbursable = SQLite.Expression<Bool>("isReimbursable")
    static let exchangeRate = SQLite.Expression<Double>("exchangeRate")
    static let receiptURL = SQLite.Expression<URL?>("receiptURL")
    static let receiptThumbnail = SQLite.Expression<Data?>("receiptThumbnail")
    static let note = SQLite.Expression<String?>("note")

    // expense_tags
    static let tagExpenseID = SQLite.Expression<Int64>("expenseID")
    static let tag = SQLite.Expression<String>("tag")

    static func createSchema(_ db: Connection) throws {
        try db.run(accounts.create { t in
            t.column(accountKey, primaryKey: true)
            t.column(name)
            t.column(kind)
            t.column(currency, defaultValue: "EUR")
            t.column(openedAt)
            t.column(isArchived, defaultValue: false)
            t.column(website)
        })
        try db.run(expenses.create { t in
            t.column(expenseKey, primaryKey: .autoincrement)
            t.column(accountID)
            t.column(amountCents)
            t.column(category)
            t.column(merchant)
            t.column(spentAt)
            t.column(reimbursedAt)
            t.column(isReimbursable, defaultValue: false)
            t.column(exchangeRate, defaultValue: 1)
            t.column(receiptURL)
            t.column(receiptThumbnail)
            t.column(note)
            t.foreignKey(accountID, references: accounts, accountKey, delete: .cascade)
        })
        try db.run(expenses.createIndex(accountID, spentAt))
        try db.run(expenseTags.create { t in
            t.column(tagExpenseID)
            t.column(tag)
            t.unique(tagExpenseID, tag)
            t.foreignKey(tagExpenseID, references: expenses, expenseKey, delete: .cascade)
        })
    }

    static var setup: SQLiteSwiftSessionSetup<ExpensesRead, ExpensesWrite> {
        var setup = SQLiteSwiftSessionSetup<ExpensesRead, ExpensesWrite>(
            makeReadContext: { ExpensesRead(store: SQLiteSwiftExpenses(unit: $0)) },
            makeWriteContext: { ExpensesWrite(store: SQLiteSwiftExpenses(unit: $0)) }
        )
        setup.createSchema = { try createSchema($0) }
        return setup
    }

    let unit: StoreUnitOfWork<Connection>

    private static func expense(_ row: Row) throws -> Expense {
        Expense(
            id: try row.get(expenseKey), accountID: try row.get(accountID), amountCents: try row.get(amountCents),
            category: try row.get(category), merchant: try row.get(merchant), spentAt: try row.get(spentAt),
            reimbursedAt: try row.get(reimbursedAt), isReimbursable: try row.get(isReimbursable),
            exchangeRate: try row.get(exchangeRate), receiptURL: try row.get(receiptURL),
            receiptThumbnail: try row.get(receiptThumbnail), note: try row.get(note)
        )
    }

    func account(_ id: String) throws -> Account? {
        try unit.run { db in try db.pluck(Self.accounts.filter(Self.accountKey == id)).map { try $0.decode() } }
    }

    func accounts() throws -> [Account] {
        try unit.run { db in try db.prepare(Self.accounts.order(Self.name)).map { try $0.decode() } }
    }

    func expense(_ id: Int64) throws -> Expense? {
        try unit.run { db in try db.pluck(Self.expenses.filter(Self.expenseKey == id)).map(Self.expense) }
    }

    func expenses(inAccount accountID: String) throws -> [Expense] {
        try unit.run { db in
            try db.prepare(
                Self.expenses.filter(Self.accountID == accountID).order(Self.spentAt.desc, Self.expenseKey.desc)
            ).map(Self.expense)
        }
    }

    func expenses(since date: Date) throws -> [Int64] {
        try unit.run { db in
            try db.prepare(
                Self.expenses.select(Self.expenseKey).filter(Self.spentAt >= date).order(Self.spentAt, Self.expenseKey)
            ).map { try $0.get(Self.expenseKey) }
        }
    }

    func lastSpentAt(inAccount accountID: String) throws -> Date? {
        try unit.run { db in try db.scalar(Self.expenses.filter(Self.accountID == accountID).select(Self.spentAt.max)) }
    }

    func totalCents(inAccount accountID: String) throws -> Int64 {
        try unit.run { db in
            try db.scalar(Self.expenses.filter(Self.accountID == accountID).select(Self.amountCents.sum)) ?? 0
        }
    }

    func convertedTotal() throws -> Double {
        let converted = SQLite.Expression<Double>(literal: "\"amountCents\" * \"exchangeRate\"")
        return try unit.run { db in try db.scalar(Self.expenses.select(converted.total)) }
    }

    func categoryTotals() throws -> [CategoryTotal] {
        let count = Self.expenseKey.count
        let sum = Self.amountCents.sum
        return try unit.run { db in
            try db.prepare(Self.expenses.select(Self.category, count, sum).group(Self.category).order(Self.category)).map {
                CategoryTotal(category: try $0.get(Self.category), count: try $0.get(count), totalCents: try $0.get(sum) ?? 0)
            }
        }
    }

    func awaitingReimbursement() throws -> [Int64] {
        try unit.run { db in
            try db.prepare(
                Self.expenses.select(Self.expenseKey)
                    .filter(Self.isReimbursable && Self.reimbursedAt == nil)
                    .order(Self.spentAt, Self.expenseKey)
            ).map { try $0.get(Self.expenseKey) }
        }
    }

    func tags(of expenseID: Int64) throws -> [String] {
        try unit.run { db in
            try db.prepare(Self.expenseTags.filter(Self.tagExpenseID == expenseID).order(Self.tag)).map { try $0.get(Self.tag) }
        }
    }

    func addAccount(_ account: Account) throws {
        try unit.run { db in _ = try db.run(Self.accounts.insert(account)) }
    }

    func updateAccount(_ account: Account) throws -> Bool {
        try unit.run { db in try db.run(Self.accounts.filter(Self.accountKey == account.id).update(account)) > 0 }
    }

    func deleteAccount(_ id: String) throws -> Bool {
        try unit.run { db in try db.run(Self.accounts.filter(Self.accountKey == id).delete()) > 0 }
    }

    func addExpense(_ expense: Expense) throws -> Int64 {
        try unit.run { db in
            try db.run(Self.expenses.insert(
                Self.accountID <- expense.accountID, Self.amountCents <- expense.amountCents,
                Self.category <- expense.category, Self.merchant <- expense.merchant, Self.spentAt <- expense.spentAt,
                Self.reimbursedAt <- expense.reimbursedAt, Self.isReimbursable <- expense.isReimbursable,
                Self.exchangeRate <- expense.exchangeRate, Self.receiptURL <- expense.receiptURL,
                Self.receiptThumbnail <- expense.receiptThumbnail, Self.note <- expense.note
            ))
        }
    }

    func markReimbursed(_ id: Int64, at date: Date) throws -> Bool {
        try unit.run { db in
            try db.run(
                Self.expenses.filter(Self.expenseKey == id && Self.reimbursedAt == nil).update(Self.reimbursedAt <- date)
            ) > 0
        }
    }

    func setReimbursable(_ id: Int64, _ isReimbursable: Bool) throws -> Bool {
        try unit.run { db in
            try db.run(Self.expenses.filter(Self.expenseKey == id).update(Self.isReimbursable <- isReimbursable)) > 0
        }
    }

    func addTag(_ tag: String, to expenseID: Int64) throws {
        try unit.run { db in _ = try db.run(Self.expenseTags.insert(Self.tagExpenseID <- expenseID, Self.tag <- tag)) }
    }
}

/// The category is stored by its raw value.
extension ExpenseCategory: Value {
    static var declaredDatatype: String { Int64.declaredDatatype }
    static func fromDatatypeValue(_ datatypeValue: Int64) -> ExpenseCategory {
        ExpenseCategory(rawValue: Int(datatypeValue)) ?? .other
    }
    var datatypeValue: Int64 { Int64(rawValue) }
}
